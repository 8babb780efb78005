/**
 * Issue 7 (Entra ID): a client user saves its app registration, downloads the public certificate
 * (which the test "uploads" to a fake Entra ID token endpoint), checks the connection; the admin then
 * reads users through the Graph explorer. Entra ID and Graph are a real local HTTPS server (fake-entra).
 */
import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { startFakeEntra, type FakeEntra } from '../test-support/fake-entra';
import { consentGivenState } from './support/consent-state';
import { expectRefused } from './support/form-refusal';
import { type EntraTestServer, startEntraTestServer } from './support/entra-test-server';

const basePort = Number(process.env.E2E_PORT ?? 3199);
const SCREENS = 'test-results/entra-screens';
const APP_ID = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';
const TENANT_ID = 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d';

let entra: FakeEntra;
let server: EntraTestServer;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  // A fresh database with demo data and migrations, on a shared machine: more than the default 30 s.
  test.setTimeout(120_000);
  entra = await startFakeEntra(basePort + 3, { tenantId: TENANT_ID });
  server = await startEntraTestServer(basePort + 2, entra.serverEnv);
});

test.afterAll(async () => {
  // Dropping the test database waits for the shared PostgreSQL, which can take long on a busy machine.
  test.setTimeout(120_000);
  await server?.stop();
  await entra?.close();
});

async function signInAs(page: Page, email: string, landing: RegExp) {
  await page.context().clearCookies();
  await page.context().addCookies(consentGivenState('127.0.0.1').cookies);
  await page.goto(`${server.baseUrl}/api/auth/signin/keycloak?callbackUrl=%2F`);
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByLabel('Passwort').fill('Burgwall-Demo-2026!');
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await expect(page).toHaveURL(landing, { timeout: 20_000 });
}

test('a client connects Entra ID with the certificate and the admin reads users through the Graph explorer', async ({ page }) => {
  test.setTimeout(150_000);
  await signInAs(page, 'kunde@burgwall.demo', /\/client\/[0-9a-f-]{36}\/dashboard$/);
  const clientBase = new URL(page.url()).pathname.replace(/\/dashboard$/, '');
  await page.goto(`${server.baseUrl}${clientBase}/settings`);
  await page.getByRole('tab', { name: 'Entra ID' }).click();
  await expect(page.getByTestId('entra-status')).toHaveText('Nicht eingerichtet');
  await page.screenshot({ path: `${SCREENS}/entra-empty.png`, fullPage: true });

  await page.getByLabel('Anwendungs-ID (Client-ID)').fill('keine-guid');
  await expectRefused(page, {
    field: page.getByLabel('Anwendungs-ID (Client-ID)'),
    message: 'Der Wert muss eine GUID sein (xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx).',
    submit: page.getByRole('button', { name: 'Speichern' }),
    path: '/entra/data',
  });
  await expect(page.getByLabel('Zertifikatspasswort')).toHaveAccessibleDescription(/Der Wert darf nicht leer sein\./);
  await expect(page.getByLabel('Anwendungs-ID (Client-ID)')).toHaveAttribute('maxlength', '36');
  await page.getByLabel('Anwendungs-ID (Client-ID)').fill(APP_ID);
  await page.getByLabel('Mandanten-ID (Tenant-ID)').fill(TENANT_ID);
  await page.getByLabel('Zertifikatspasswort').fill('Zertifikat-E2E-1!');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByTestId('entra-status')).toHaveText('Nicht geprüft');

  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Öffentliches Zertifikat herunterladen' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/\.cer$/);
  const certificatePem = readFileSync(await download.path(), 'utf8');
  expect(certificatePem).toContain('BEGIN CERTIFICATE');

  // Before the customer registers the certificate, the check fails with Entra's reason.
  await page.getByRole('button', { name: 'Verbindung prüfen' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Verbindung fehlgeschlagen' })).toContainText('AADSTS90002');
  entra.registrations.set(TENANT_ID, { applicationId: APP_ID, certificatePem });
  await page.getByRole('button', { name: 'Verbindung prüfen' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Verbindung erfolgreich' })).toBeVisible();
  await expect(page.getByTestId('entra-status')).toHaveText('Verbunden');
  // The valid connection is collected at once (a job): the tab shows what was read, the dashboard the plan and the
  // Entra findings.
  // The tab looks again every few seconds while the first collection (a job) runs.
  await expect(page.getByTestId('entra-collection')).toContainText(/Erfasst am .*5 Benutzer, 1 Gruppen/, { timeout: 45_000 });
  await page.screenshot({ path: `${SCREENS}/entra-connected.png`, fullPage: true });
  await page.goto(`${server.baseUrl}${clientBase}/dashboard`);
  await expect(page.getByText('Verbunden · Entra ID P1')).toBeVisible();
  await page.goto(`${server.baseUrl}${clientBase}/ioe`);
  const entraRow = page.locator('tr[data-slug^="entra-"]').filter({ hasText: 'Entra ID' }).first();
  await expect(entraRow).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/entra-findings-list.png`, fullPage: true });
  await page.goto(`${server.baseUrl}${clientBase}/ioe/findings/entra-sp-dangerous-app-permissions`);
  await expect(page.getByText('Lohnbuchhaltung Sync').first()).toBeVisible();
  // The app's owner (read through $batch) is named: she or he can act as the app.
  await expect(page.getByText(/Besitzer \(können der App Geheimnisse hinzufügen\): ben@kunde\.de/).first()).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/entra-finding.png`, fullPage: true });
  // Reloaded at phone width: a resize alone catches the navigation drawer mid-animation.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByText('Lohnbuchhaltung Sync').first()).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/entra-finding-phone.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${server.baseUrl}${clientBase}/explorer`);
  await page.getByRole('tab', { name: 'Entra-Benutzer' }).click();
  await expect(page.getByRole('row', { name: /Anna Schmidt/ })).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/entra-explorer.png`, fullPage: true });

  // The tenant changes (Ben is disabled); "Jetzt neu auswerten" collects again and the change history shows the
  // difference as an Entra change.
  const ben = entra.tenant.users.find((user) => user.userPrincipalName === 'ben@kunde.de');
  if (ben) ben.accountEnabled = false;
  await page.goto(`${server.baseUrl}${clientBase}/dashboard`);
  await page.getByRole('button', { name: 'Jetzt neu auswerten' }).click();
  await page.goto(`${server.baseUrl}${clientBase}/change-history`);
  const entraChange = page.getByTestId('change-row').filter({ hasText: 'ben@kunde.de' }).filter({ hasText: 'accountEnabled' });
  await expect(async () => {
    await page.reload();
    await expect(entraChange).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 45_000 });
  await expect(entraChange.getByText('Entra ID', { exact: true })).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/entra-change-history.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(entraChange).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/entra-change-history-phone.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  await signInAs(page, 'admin@burgwall.demo', /\/admin\/serviceprovider$/);
  await page.goto(`${server.baseUrl}/admin/graph-explorer`);
  await expect(page.getByText('Noch keine Anfrage')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Dienstleister' })).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/graph-explorer-empty.png`, fullPage: true });
  await page.getByRole('combobox', { name: 'Dienstleister' }).click();
  await page.getByRole('option', { name: 'Demo IT-Service GmbH' }).click();
  await page.getByRole('combobox', { name: 'Kunde' }).click();
  await page.getByRole('option', { name: 'Bäckerei Sonnenschein' }).click();
  const graphPath = page.getByRole('textbox', { name: 'Pfad' });
  await graphPath.fill('users');
  await expectRefused(page, {
    field: graphPath,
    message: 'Der Wert muss ein Graph-Pfad sein, der mit / beginnt (z. B. /users).',
    submit: page.getByRole('button', { name: 'Anfrage senden' }),
    path: '/graph-explorer/request',
  });
  await expect(graphPath).toHaveAttribute('maxlength', '2000');
  await graphPath.fill('/users');
  await page.getByRole('button', { name: 'Anfrage senden' }).click();
  await expect(page.getByTestId('graph-result')).toContainText('Anna Schmidt');
  await expect(page.getByTestId('graph-result')).not.toContainText('IT-Leitung');
  expect(entra.graphRequests).toContain('/v1.0/users?%24select=displayName%2CuserPrincipalName');
  await page.screenshot({ path: `${SCREENS}/graph-explorer-result.png`, fullPage: true });
});
