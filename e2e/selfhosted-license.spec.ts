/**
 * Self-hosted licence end to end: the admin of the SaaS (a further server with APP_ENV=prod) creates an already expired licence in
 * the admin UI and reads its id and key from the dialog; a second real server with APP_ENV=selfhosted and that
 * licence checks it at start over HTTP, shows the German read-only banner to everyone and refuses writes.
 */
import { expect, type Page, test } from '@playwright/test';
import { consentGivenState } from './support/consent-state';
import { type ExtraServer, startExtraServer } from './support/extra-server';
import { expectRefused } from './support/form-refusal';
import { signIn } from './support/sign-in';

const DEMO_PASSWORD = 'Burgwall-Demo-2026!';
const SCREENS = 'test-results/screens';
const basePort = Number(process.env.E2E_PORT ?? 3199);
const berlinDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toLocaleDateString('sv-SE', { timeZone: 'Europe/Berlin' });
const germanDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toLocaleDateString('de-DE', { timeZone: 'Europe/Berlin', day: '2-digit', month: '2-digit', year: 'numeric' });

let saas: ExtraServer | undefined;
let installation: ExtraServer | undefined;

test.afterAll(async () => {
  await installation?.stop();
  await saas?.stop();
});

/** Reloads until the installation's licence check (a job at its start) has stored its result and the banner shows. */
async function expectBanner(page: Page, text: string) {
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('license-banner')).toContainText(text, { timeout: 3_000 });
  }).toPass({ timeout: 60_000 });
}

test('expired self-hosted licence: created on the SaaS, banner and refused writes on the installation', async ({ page, browser }) => {
  test.setTimeout(240_000);
  // The SaaS (APP_ENV=prod: a self-hosted installation issues no licences). Its admin creates a licence whose period
  // ended yesterday.
  saas = await startExtraServer(basePort + 1, { APP_ENV: 'prod' }, { name: 'SaaS', startTimeoutMs: 120_000 });
  await page.goto(`${saas.baseUrl}/`);
  await signIn(page, 'admin@burgwall.demo', DEMO_PASSWORD, '/admin/selfhosted');
  await expect(page.getByRole('link', { name: 'Self-hosted-Lizenzen' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Self-hosted-Lizenzen' })).toBeVisible();
  await page.getByRole('button', { name: 'Lizenz anlegen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Self-hosted-Lizenz anlegen' });
  // Too short a name and an end before the start: the shared schema's German messages, nothing sent.
  await dialog.getByLabel('Name der Installation').fill('S');
  await dialog.getByLabel('Plätze (Mitarbeiter aller Kunden)').fill('250');
  await dialog.getByLabel('Beginn').fill(berlinDay(-366));
  await dialog.getByLabel('Ende').fill(berlinDay(-400));
  await expectRefused(page, {
    field: dialog.getByLabel('Name der Installation'),
    message: 'Der Wert muss mindestens 2 Zeichen lang sein.',
    submit: dialog.getByRole('button', { name: 'Anlegen und Schlüssel erzeugen' }),
    path: '/admin/selfhosted',
  });
  await expect(dialog.getByText('Das Ende der Laufzeit muss nach ihrem Beginn liegen.')).toBeVisible();
  await expect(dialog.getByLabel('Name der Installation')).toHaveAttribute('maxlength', '200');
  await dialog.getByLabel('Name der Installation').fill('Stadtwerke Musterstadt');
  await dialog.getByLabel('Ende').fill(berlinDay(-1));
  await dialog.getByRole('button', { name: 'Anlegen und Schlüssel erzeugen' }).click();
  const created = page.getByRole('dialog', { name: 'Lizenz angelegt' });
  await expect(created.getByText('Nur jetzt sichtbar')).toBeVisible();
  const selfhostedUUID = (await created.getByTestId('selfhosted-uuid').textContent())?.trim() ?? '';
  const licenseKey = (await created.getByTestId('selfhosted-key').textContent())?.trim() ?? '';
  expect(licenseKey).toMatch(/^bwl_[A-Za-z0-9_-]{43}$/);
  await page.screenshot({ path: `${SCREENS}/selfhosted-license-created-desktop.png` });
  await created.getByRole('button', { name: 'Schließen' }).click();
  const row = page.getByRole('row').filter({ hasText: 'Stadtwerke Musterstadt' });
  await expect(row.getByText('abgelaufen')).toBeVisible();

  // The self-hosted installation with that licence.
  installation = await startExtraServer(
    basePort + 2,
    { APP_ENV: 'selfhosted', SELFHOSTED_LICENSE_SERVER_URL: saas.baseUrl, SELFHOSTED_UUID: selfhostedUUID, SELFHOSTED_LICENSE_KEY: licenseKey },
    { name: 'self-hosted installation', startTimeoutMs: 120_000 },
  );

  // The SaaS list shows the installation's heartbeat (version and figures of its demo data).
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('row').filter({ hasText: 'Stadtwerke Musterstadt' }).getByRole('cell', { name: /^\d+\.\d+\.\d+$/ })).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 60_000 });
  await page.screenshot({ path: `${SCREENS}/selfhosted-licenses-desktop.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Self-hosted-Lizenzen' })).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/selfhosted-licenses-phone.png`, fullPage: true });

  // A client user of the installation: the red banner, reads work.
  const context = await browser.newContext({ storageState: consentGivenState('127.0.0.1'), locale: 'de-DE', timezoneId: 'Europe/Berlin' });
  const client = await context.newPage();
  await client.goto(`${installation.baseUrl}/`);
  await signIn(client, 'kunde@burgwall.demo', DEMO_PASSWORD, '/');
  await expect(client).toHaveURL(/\/client\/[^/]+\/dashboard/);
  const expired = `Die Lizenz dieser Installation ist am ${germanDay(-1)} abgelaufen. Burgwall ist schreibgeschützt: Daten lassen sich ansehen, aber nicht ändern. Bitte verlängern Sie die Lizenz.`;
  await expectBanner(client, expired);
  await expect(client.getByText('Schreibgeschützt: Lizenz nicht gültig')).toBeVisible();
  await expect(client.getByText('Sicherheitsbewertung').first()).toBeVisible();
  await client.screenshot({ path: `${SCREENS}/selfhosted-expired-banner-desktop.png` });
  await client.setViewportSize({ width: 390, height: 844 });
  await client.reload();
  await expect(client.getByTestId('license-banner')).toContainText(expired);
  await expect(client.getByText('Sicherheitsbewertung').first()).toBeVisible();
  await client.screenshot({ path: `${SCREENS}/selfhosted-expired-banner-phone.png`, fullPage: true });
  await context.close();

  // The installation's admin: a write is refused by the server with the German reason.
  const adminContext = await browser.newContext({ storageState: consentGivenState('127.0.0.1'), locale: 'de-DE', timezoneId: 'Europe/Berlin' });
  const admin = await adminContext.newPage();
  await admin.goto(`${installation.baseUrl}/`);
  await signIn(admin, 'admin@burgwall.demo', DEMO_PASSWORD, '/admin/settings');
  await expect(admin.getByTestId('license-banner')).toContainText(expired);
  // The installation has no licence page of its own (only the SaaS issues licences).
  await expect(admin.getByRole('link', { name: 'Einstellungen' })).toBeVisible();
  await expect(admin.getByRole('link', { name: 'Self-hosted-Lizenzen' })).toHaveCount(0);
  await admin.getByLabel('E-Mails versenden').click();
  await expect(admin.getByText('Speichern fehlgeschlagen')).toBeVisible();
  await expect(admin.getByText(expired).nth(1)).toBeVisible();
  // The notification slides in; the screenshot shows it at rest.
  await admin.waitForTimeout(600);
  await admin.screenshot({ path: `${SCREENS}/selfhosted-write-refused-desktop.png` });
  await adminContext.close();
});

test('licence server unreachable: admins see the grace-period warning, client users see nothing', async ({ browser }) => {
  test.setTimeout(240_000);
  // Nothing listens on the SaaS address given: the check at start fails, the installation is within its grace period.
  const unreachable = await startExtraServer(
    basePort + 3,
    {
      APP_ENV: 'selfhosted',
      SELFHOSTED_LICENSE_SERVER_URL: `http://127.0.0.1:${basePort + 4}`,
      SELFHOSTED_UUID: '5f0c7c1e-3d0b-4a59-9d8e-2b7f4f0d9a11',
      SELFHOSTED_LICENSE_KEY: `bwl_${'x'.repeat(43)}`,
    },
    { name: 'self-hosted installation without its licence server', startTimeoutMs: 120_000 },
  );
  try {
    const context = await browser.newContext({ storageState: consentGivenState('127.0.0.1'), locale: 'de-DE', timezoneId: 'Europe/Berlin' });
    const admin = await context.newPage();
    await admin.goto(`${unreachable.baseUrl}/`);
    await signIn(admin, 'admin@burgwall.demo', DEMO_PASSWORD, '/admin/serviceprovider');
    await expectBanner(admin, `Lizenz konnte noch nie geprüft werden (Lizenzserver 127.0.0.1:${basePort + 4} nicht erreichbar). Gelingt die Prüfung nicht bis ${germanDay(14)}`);
    await expect(admin.getByText('Lizenzprüfung fehlgeschlagen')).toBeVisible();
    await admin.screenshot({ path: `${SCREENS}/selfhosted-grace-banner-desktop.png` });
    await admin.setViewportSize({ width: 390, height: 844 });
    await admin.reload();
    await expect(admin.getByTestId('license-banner')).toBeVisible();
    await admin.screenshot({ path: `${SCREENS}/selfhosted-grace-banner-phone.png` });
    await context.close();

    const clientContext = await browser.newContext({ storageState: consentGivenState('127.0.0.1'), locale: 'de-DE', timezoneId: 'Europe/Berlin' });
    const client = await clientContext.newPage();
    await client.goto(`${unreachable.baseUrl}/`);
    // The banner decides on this answer: wait for it (state grace), then the client user's page has no banner.
    const licenseAnswer = client.waitForResponse((response) => response.url().endsWith('/selfhosted/license') && response.ok());
    await signIn(client, 'kunde@burgwall.demo', DEMO_PASSWORD, '/');
    expect(((await (await licenseAnswer).json()) as { state: string }).state).toBe('grace');
    await expect(client.getByText('Sicherheitsbewertung').first()).toBeVisible();
    await expect(client.getByTestId('license-banner')).toHaveCount(0);
    await clientContext.close();
  } finally {
    await unreachable.stop();
  }
});
