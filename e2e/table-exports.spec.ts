import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { demoClientCollector, uploadCollectorLog } from './support/demo-collector';
import { expectNoSidewaysScroll } from './support/layout-checks';
import { signIn } from './support/sign-in';

// Issue 17: the provider's client list and the admin's log search download as CSV/XLSX from the page, with the rows
// the page's filter selects (the server export, not just the loaded page).

const DEMO_PASSWORD = 'Burgwall-Demo-2026!';
const SCREENS = 'test-results/screens/table-exports';

/** Opens „Exportieren“, picks the format and returns the downloaded file's name and bytes. */
async function exportAs(page: Page, item: string): Promise<{ name: string; body: Buffer }> {
  await page.getByRole('button', { name: 'Exportieren' }).click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: item }).click()]);
  return { name: download.suggestedFilename(), body: await readFile((await download.path()) as string) };
}

const csvRecords = (body: Buffer) => parse(body, { bom: true, delimiter: ';', columns: true }) as Array<Record<string, string>>;

async function xlsxColumn(body: Buffer, sheetName: string, header: string): Promise<unknown[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet(sheetName);
  const headers = (sheet?.getRow(1).values as unknown[]).slice(1);
  const column = headers.indexOf(header) + 1;
  expect(column, `column „${header}“`).toBeGreaterThan(0);
  return (sheet?.getColumn(column).values as unknown[]).slice(2);
}

/** Opens the menu and waits for its fade-in to finish (a screenshot mid-transition shows it half transparent). */
async function openMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Exportieren' }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: /Als Excel/ })).toBeVisible();
  await expect.poll(() => menu.evaluate((element) => getComputedStyle(element).opacity)).toBe('1');
}

/** The page with the open menu at desktop width and at 390 px (taken before any download, so no toast covers it). */
async function screenshots(page: Page, name: string): Promise<void> {
  await openMenu(page);
  await page.screenshot({ path: `${SCREENS}/${name}-desktop.png`, fullPage: false });
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page, `${name} at 390 px`);
  await openMenu(page);
  await page.screenshot({ path: `${SCREENS}/${name}-phone.png`, fullPage: false });
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 1440, height: 900 });
}

test('the provider exports its client list with the search applied, as CSV and XLSX', async ({ page }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'anbieter@burgwall.demo', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/provider\/[0-9a-f-]{36}\/monitoring$/);
  const cards = page.getByTestId('client-card');
  await expect(cards.first()).toBeVisible();
  const allNames = await cards.evaluateAll((elements) => elements.map((element) => element.getAttribute('aria-label') ?? ''));

  // The page's search narrows the file the same way it narrows the cards.
  const needle = (allNames[0] ?? '').split(' ')[0] ?? '';
  await page.getByRole('textbox', { name: 'Kunden suchen' }).fill(needle);
  // The server searches (after a short pause in typing): wait for the narrowed page.
  await expect.poll(() => cards.count()).toBeLessThan(allNames.length);
  const shown = await cards.evaluateAll((elements) => elements.map((element) => element.getAttribute('aria-label') ?? ''));
  expect(shown.length).toBeGreaterThan(0);
  expect(shown.length).toBeLessThan(allNames.length);
  await screenshots(page, 'provider-clients');
  const xlsx = await exportAs(page, 'Als Excel (XLSX)');
  expect(xlsx.name).toMatch(/^kunden-monitoring-\d{4}-\d{2}-\d{2}\.xlsx$/);
  expect(((await xlsxColumn(xlsx.body, 'Kunden', 'Kunde')) as string[]).sort()).toEqual([...shown].sort());
  const scores = await xlsxColumn(xlsx.body, 'Kunden', 'Sicherheitsbewertung');
  expect(scores.every((score) => score === null || score === undefined || typeof score === 'number')).toBe(true);

  // Without a search: every client of the list.
  await page.getByRole('textbox', { name: 'Kunden suchen' }).fill('');
  const all = await exportAs(page, 'Als CSV');
  expect(all.name).toMatch(/^kunden-monitoring-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(csvRecords(all.body).map((record) => record['Kunde']).sort()).toEqual([...allNames].sort());
});

test('the admin exports the matches of the log search, as CSV and XLSX', async ({ page, browser }) => {
  test.setTimeout(60_000);
  const collector = await demoClientCollector(page);
  const marker = `Export-${randomUUID().slice(0, 8)}`;
  await uploadCollectorLog(page, collector, `e2e-${marker}-1.log`, `INFO ${marker} eins\n`);
  await uploadCollectorLog(page, collector, `e2e-${marker}-2.log`, `WARN ${marker} zwei\n`);

  const admin = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await admin.goto('/');
  await signIn(admin, 'admin@burgwall.demo', DEMO_PASSWORD, `/admin/logs/search?q=${marker}`);
  await expect(admin.getByRole('heading', { name: 'Protokollsuche' })).toBeVisible();
  await expect(admin.getByRole('row')).toHaveCount(3);
  await screenshots(admin, 'admin-log-search');

  const csv = await exportAs(admin, 'Als CSV');
  expect(csv.name).toMatch(/^collector-protokolle-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(csvRecords(csv.body).map((record) => [record['Kunde'], record['Protokoll']])).toEqual([
    ['Bäckerei Sonnenschein', `e2e-${marker}-2.log`],
    ['Bäckerei Sonnenschein', `e2e-${marker}-1.log`],
  ]);

  // With the level filter only the log with a warning is left, in the file as on the page.
  await admin.goto(`/admin/logs/search?q=${marker}&level=warn`);
  await expect(admin.getByRole('row')).toHaveCount(2);
  const xlsx = await exportAs(admin, 'Als Excel (XLSX)');
  expect(await xlsxColumn(xlsx.body, 'Collector-Protokolle', 'Protokoll')).toEqual([`e2e-${marker}-2.log`]);
});
