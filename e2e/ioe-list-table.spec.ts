/**
 * The findings list (IoE list) as a data table: sorting by column, filtering, paging and the CSV of the current view,
 * checked against the API's own answer for the demo client. Other specs may change exceptions and settings: every
 * expectation is computed from the states fetched in this test.
 */
import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { signIn } from './support/sign-in';

const DEMO_PASSWORD = 'Burgwall-Demo-2026!';
const SCREENS = 'test-results/screens/ioe-list-table';

interface Check {
  ioeType: string;
  title: string;
}

async function fetchChecks(page: Page, clientId: string): Promise<Check[]> {
  return page.evaluate(async (id) => {
    const session = (await (await fetch('/api/auth/session')).json()) as { accessToken: string };
    const response = await fetch(`/client/${id}/ioe/states`, { headers: { authorization: `Bearer ${session.accessToken}`, 'x-hasura-role': 'client' } });
    return ((await response.json()) as { ioe: Check[] }).ioe;
  }, clientId);
}

const titlesShown = (page: Page) => page.getByTestId('ioe-table').locator('tbody tr td:nth-child(2) a').allInnerTexts();
const byTitle = (a: string, b: string) => a.localeCompare(b, 'de');

test('the findings table sorts, filters, pages and exports the rows it shows as CSV', async ({ page }) => {
  await signIn(page, 'kunde@burgwall.demo', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/client\/[0-9a-f-]{36}\/dashboard$/);
  const clientId = new URL(page.url()).pathname.split('/')[2] as string;
  const checks = await fetchChecks(page, clientId);
  expect(checks.length).toBeGreaterThan(50);
  const titles = checks.map((check) => check.title).sort(byTitle);

  await page.goto(`/client/${clientId}/ioe`);
  await page.locator('label', { hasText: /^Alle$/ }).click();
  const table = page.getByTestId('ioe-table');
  await expect(table).toContainText(`1–25 von ${checks.length}`);
  await expect(table.locator('tbody tr')).toHaveCount(25);

  // Sorting by „Prüfung“: A→Z, then Z→A — over all checks, not just the page.
  await table.getByRole('button', { name: 'Prüfung nicht sortiert' }).click();
  await expect.poll(() => titlesShown(page)).toEqual(titles.slice(0, 25));
  await table.getByRole('button', { name: 'Prüfung aufsteigend sortiert' }).click();
  await expect.poll(() => titlesShown(page)).toEqual([...titles].reverse().slice(0, 25));
  await expect(table.getByRole('button', { name: 'Prüfung absteigend sortiert' })).toBeVisible();

  // Paging: the second page continues the order; a larger page size shows more rows.
  await table.getByRole('button', { name: 'Nächste Seite' }).click();
  await expect(table).toContainText(`26–50 von ${checks.length}`);
  await expect.poll(() => titlesShown(page)).toEqual([...titles].reverse().slice(25, 50));
  await table.getByRole('button', { name: 'Vorherige Seite' }).click();
  await expect(table).toContainText(`1–25 von ${checks.length}`);
  await page.screenshot({ path: `${SCREENS}/sorted-paged.png`, fullPage: true });

  // Filtering by text: only the matching checks, and the count follows.
  const needle = 'Kennw';
  const matching = checks.filter((check) => check.title.toLowerCase().includes(needle.toLowerCase()) || check.ioeType.includes(needle.toLowerCase()));
  expect(matching.length).toBeGreaterThan(0);
  await page.getByRole('textbox', { name: 'Prüfung suchen' }).fill(needle);
  await expect(table).toContainText(`1–${Math.min(matching.length, 25)} von ${matching.length}`);
  for (const title of await titlesShown(page)) expect(title.toLowerCase()).toContain(needle.toLowerCase());

  // The CSV of the view: BOM, German headers, exactly the filtered rows in table order (Z→A).
  await page.getByRole('button', { name: 'Exportieren' }).click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Angezeigte Zeilen als CSV' }).click()]);
  expect(download.suggestedFilename()).toBe('pruefungen-ansicht.csv');
  const csv = await readFile((await download.path()) as string, 'utf8');
  expect(csv.startsWith('\uFEFF"Kritikalität";"Prüfung";"Kennung";"Kategorie";"Befunde";"Ausnahmen";"Abzug";"Status"\r\n')).toBe(true);
  const lines = csv.trimEnd().split('\r\n').slice(1);
  expect(lines).toHaveLength(matching.length);
  const csvTitles = lines.map((line) => line.split('";"')[1]);
  expect(csvTitles).toEqual(matching.map((check) => check.title).sort(byTitle).reverse());

  // On a phone the table fits: secondary columns give way, nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('textbox', { name: 'Prüfung suchen' }).fill('');
  await expect(table).toContainText(`von ${checks.length}`);
  // Polled: the columns give way after the resize (a media query), so the first frame may still be the desktop's.
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  // Nor inside the table's own frame: on a phone the secondary columns give way instead.
  const frames = () => table.locator('.mantine-TableScrollContainer-scrollContainer').evaluateAll((elements) => elements.map((element) => element.scrollWidth - element.clientWidth));
  expect((await frames()).length).toBeGreaterThan(0);
  await expect.poll(async () => Math.max(...(await frames())), { message: 'table scrolls sideways at 390 px' }).toBeLessThanOrEqual(1);
  await page.screenshot({ path: `${SCREENS}/phone.png`, fullPage: true });
});
