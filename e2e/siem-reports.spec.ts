/**
 * Issue 18 (SIEM and scheduled reports) in the browser: a provider downloads the summary PDF from the client list
 * („Übersichtsbericht (PDF)“, text read with pdftotext), sets the summary's and a client's report schedule in
 * Einstellungen → Berichte, and configures „SIEM / Syslog“ in Einstellungen → Alarme with a test message to a syslog
 * listener this spec starts (the CEF line is parsed). Screenshots (desktop and 390 px phone) go to
 * test-results/siem-reports-screens.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { parseCef, startSyslogListener, type SyslogListener } from '../test-support/syslog-listener';
import { type ExtraServer, startExtraServer } from './support/extra-server';
import { expectRefused } from './support/form-refusal';
import { signIn } from './support/sign-in';

const SCREENS = 'test-results/siem-reports-screens';
/** The helper's second port (E2E_PORT + 1): the server that may reach the loopback syslog listener. */
const EXTRA_PORT = Number(process.env.E2E_PORT ?? 3199) + 1;
const DEMO_CLIENTS = ['Bäckerei Sonnenschein', 'Stadtwerke Nordheim'];

let server: ExtraServer;
let syslog: SyslogListener;
let providerId = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  syslog = await startSyslogListener();
  // The listener is on loopback: only this server allows internal hosts (a server setting, never a tenant's choice).
  server = await startExtraServer(EXTRA_PORT, { OUTGOING_ALLOW_INTERNAL_HOSTS: 'true' }, { name: 'siem/reports server', startTimeoutMs: 150_000 });
});

test.afterAll(async () => {
  test.setTimeout(150_000);
  await syslog?.stop();
  await server?.stop();
});

/** The page again at phone width (reloaded, so the layout is the phone's and no drawer is mid-animation). */
async function phoneScreenshot(page: Page, ready: Locator, path: string): Promise<void> {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(ready).toBeVisible();
  await page.waitForTimeout(500);
  await page.screenshot({ path, fullPage: true });
}

test.beforeEach(async ({ page }) => {
  await page.goto(server.baseUrl);
  await signIn(page, 'anbieter@burgwall.demo', 'Burgwall-Demo-2026!');
  await expect(page).toHaveURL(/\/provider\/[0-9a-f-]{36}\//, { timeout: 20_000 });
  providerId = /\/provider\/([0-9a-f-]{36})\//.exec(page.url())?.[1] as string;
});

test('the client list downloads the provider summary as PDF', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto(`${server.baseUrl}/provider/${providerId}/monitoring`);
  const button = page.getByRole('button', { name: 'Übersichtsbericht (PDF)' });
  await expect(button).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  expect(download.suggestedFilename()).toMatch(/^Uebersichtsbericht-\d{4}-\d{2}-\d{2}\.pdf$/);
  const file = await download.path();
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  expect(text).toContain('Übersichtsbericht');
  expect(text).toContain('Demo IT-Service GmbH');
  for (const name of DEMO_CLIENTS) expect(text).toContain(name);
  // Playwright empties test-results at the start of a run.
  mkdirSync(SCREENS, { recursive: true });
  execFileSync('pdftoppm', ['-png', '-r', '70', '-f', '1', '-l', '1', file, `${SCREENS}/summary-pdf`]);
  await expect(page.getByText('Übersichtsbericht heruntergeladen')).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/client-list-desktop.png` });
  await phoneScreenshot(page, page.getByText('Stadtwerke Nordheim').last(), `${SCREENS}/client-list-phone.png`);
});

test('a provider schedules the summary and a client report', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto(`${server.baseUrl}/provider/${providerId}/settings?tab=reports`);
  await expect(page.getByRole('heading', { name: 'Übersichtsbericht' })).toBeVisible();
  await expect(page.getByText('Noch kein Berichtsversand')).toBeVisible();

  // The summary: weekly to a team member.
  await page.getByText('Wöchentlich', { exact: true }).first().click();
  await page.getByLabel('Empfänger').first().click();
  await page.getByRole('option', { name: /Anna Anbieter/ }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Versand speichern' }).first().click();
  await expect(page.getByText('Berichtsversand gespeichert')).toBeVisible();
  await expect(page.getByText(/nächster Versand \d{1,2}\.\d{1,2}\.\d{4}/).first()).toBeVisible();

  // A client's report: monthly to a team member.
  await page.getByRole('button', { name: 'Berichtsversand hinzufügen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Berichtsversand' });
  await expectRefused(page, {
    field: dialog.getByRole('combobox', { name: 'Kunde' }),
    message: 'Bitte wählen Sie einen Kunden.',
    submit: dialog.getByRole('button', { name: 'Versand speichern' }),
    path: '/report-schedules',
  });
  await expect(dialog.getByText('Bitte wählen Sie mindestens einen Empfänger.')).toBeVisible();
  await dialog.getByLabel('Kunde').click();
  await page.getByRole('option', { name: 'Stadtwerke Nordheim' }).click();
  await dialog.getByLabel('Empfänger').click();
  await page.getByRole('option', { name: /Anna Anbieter/ }).click();
  await page.keyboard.press('Escape');
  await page.screenshot({ path: `${SCREENS}/report-schedule-form-desktop.png` });
  await dialog.getByRole('button', { name: 'Versand speichern' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByTestId('report-schedule-row');
  await expect(row).toContainText('Stadtwerke Nordheim');
  await expect(row).toContainText('Monatlich (am 1.)');

  // Stored for real: the API lists both.
  const listed = await page.evaluate(async (id) => {
    const session = (await (await fetch('/api/auth/session')).json()) as { accessToken: string };
    const response = await fetch(`/serviceprovider/${id}/report-schedules`, { headers: { authorization: `Bearer ${session.accessToken}`, 'x-hasura-role': 'serviceprovider' } });
    return (await response.json()) as Array<{ clientName: string | null; frequency: string }>;
  }, providerId);
  expect(listed.map((entry) => [entry.clientName, entry.frequency])).toEqual([
    [null, 'weekly'],
    ['Stadtwerke Nordheim', 'monthly'],
  ]);
  await page.screenshot({ path: `${SCREENS}/reports-desktop.png`, fullPage: true });
  await phoneScreenshot(page, page.getByTestId('report-schedule-row'), `${SCREENS}/reports-phone.png`);
});

test('a provider configures SIEM / Syslog and sends a test message', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto(`${server.baseUrl}/provider/${providerId}/settings?tab=alerts`);
  await expect(page.getByRole('heading', { name: 'SIEM / Syslog' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Testnachricht senden' })).toBeDisabled();
  await page.getByLabel('Host').fill('https://siem.example.de');
  await page.getByLabel('Port').fill('');
  await expectRefused(page, {
    field: page.getByLabel('Host'),
    message: 'Bitte nur den Hostnamen oder die IP-Adresse angeben (ohne https:// und ohne Port).',
    submit: page.getByRole('button', { name: 'Speichern' }),
    path: '/siem',
  });
  await expect(page.getByLabel('Port')).toHaveAccessibleDescription('Der Wert fehlt.');
  await expect(page.getByLabel('Host')).toHaveAttribute('maxlength', '253');
  await page.getByLabel('Host').fill('127.0.0.1');
  await page.getByLabel('Port').fill(String(syslog.port));
  await page.getByText('TCP', { exact: true }).click();
  await page.getByText('CEF', { exact: true }).click();
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Gespeichert', { exact: true })).toBeVisible();
  await expect(page.getByText('Noch nichts gesendet').last()).toBeVisible();

  await page.getByRole('button', { name: 'Testnachricht senden' }).click();
  await expect(page.getByText('Testnachricht zugestellt')).toBeVisible();
  const [message] = await syslog.waitForCount(1);
  expect(message!.msgId).toBe('TEST');
  const cef = parseCef(message!.msg);
  expect(cef.header.slice(0, 3)).toEqual(['CEF:0', 'Burgwall', 'Burgwall']);
  expect(cef.header[4]).toBe('burgwall-test');
  expect(cef.extension.cs1).toBe('Beispielkunde');
  await expect(page.getByTestId('siem-last-delivery')).toContainText('Zugestellt');
  await expect(page.getByTestId('siem-last-delivery')).toContainText('Testnachricht');
  await page.getByTestId('siem-last-delivery').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENS}/siem-desktop.png` });
  await phoneScreenshot(page, page.getByTestId('siem-last-delivery'), `${SCREENS}/siem-phone.png`);
});
