/**
 * Issue 7 in the browser: a provider signs up, sets its password through the
 * mailed link, creates a client (seeing the price of the pricing table),
 * downloads its installer, invites a team member whose mail arrives at an
 * smtp-server started here, and sends a test mail through its own SMTP
 * server; a wrong SMTP password shows the German error.
 */
import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import JSZip from 'jszip';
import { INSTALLER_FILES } from '../packages/shared/src/collector-installer';
import { consentGivenState } from './support/consent-state';
import { expectRefused } from './support/form-refusal';
import { startSmtpCatcher, type SmtpCatcher } from '../test-support/smtp-catcher';
import { type MailTestServer, startMailTestServer } from './support/mail-test-server';

const basePort = Number(process.env.E2E_PORT ?? 3199);
const SCREENS = 'test-results/tenant-screens';
const SMTP_USER = 'versand@nordwind-it.test';
const SMTP_PASSWORD = 'Smtp-Passwort-richtig-1';

let platformMail: SmtpCatcher;
let providerMail: SmtpCatcher;
let server: MailTestServer;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  platformMail = await startSmtpCatcher();
  providerMail = await startSmtpCatcher({ auth: { user: SMTP_USER, password: SMTP_PASSWORD } });
  server = await startMailTestServer(basePort + 1, `smtp://127.0.0.1:${platformMail.port}`);
});

test.afterAll(async () => {
  await server?.stop();
  await platformMail?.stop();
  await providerMail?.stop();
});

const linkFrom = (text: string) => {
  const match = text.match(/https?:\/\/\S+\/account\/password\?token=[\w-]+/);
  if (!match) throw new Error(`no set-password link in mail: ${text}`);
  return match[0];
};

async function setPasswordAndSignIn(page: Page, link: string, email: string, password: string) {
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Passwort festlegen' })).toBeVisible();
  await page.getByLabel('Neues Passwort').fill(password);
  await page.getByLabel('Passwort wiederholen').fill(password);
  await page.getByRole('button', { name: 'Passwort speichern' }).click();
  await expect(page.getByRole('heading', { name: 'Anmelden' })).toBeVisible();
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByLabel('Passwort').fill(password);
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await expect(page).not.toHaveURL(/\/oidc\//, { timeout: 20_000 });
}

test('a provider signs up, creates a client with the right price, downloads its installer and invites a colleague', async ({ page }) => {
  test.setTimeout(90_000);
  // From the sign-in page to the registration.
  await page.goto(`${server.baseUrl}/api/auth/signin/keycloak?callbackUrl=%2F`);
  await page.getByRole('link', { name: 'Als IT-Dienstleister registrieren' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByRole('heading', { name: 'Registrierung für IT-Dienstleister' })).toBeVisible();
  await page.getByRole('button', { name: 'Registrieren' }).click();
  await expect(page.getByText('Bitte den Firmennamen angeben')).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/register-validation.png`, fullPage: true });
  await page.getByLabel('Firma').fill('Nordwind IT GmbH');
  await page.getByLabel('Vorname').fill('Nora');
  await page.getByLabel('Nachname').fill('Nordwind');
  await page.getByLabel('E-Mail-Adresse').fill('nora@nordwind-it.test');
  await page.getByRole('button', { name: 'Registrieren' }).click();
  await expect(page.getByRole('heading', { name: 'Fast geschafft!' })).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/register-done.png`, fullPage: true });

  const welcome = await platformMail.waitFor((mail) => mail.to.includes('nora@nordwind-it.test'));
  expect(welcome.subject).toContain('Nordwind IT GmbH');
  await setPasswordAndSignIn(page, linkFrom(welcome.text), 'nora@nordwind-it.test', 'Nordwind-Passwort-2026');

  // The entry redirect brings the new provider to its monitoring page, still empty.
  await expect(page).toHaveURL(/\/provider\/[0-9a-f-]{36}\/monitoring$/, { timeout: 20_000 });
  await expect(page.getByText('Noch keine Kunden')).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/monitoring-empty.png`, fullPage: true });

  await page.getByRole('button', { name: 'Kunde anlegen' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Kunden anlegen' });
  await dialog.getByLabel('Name des Kunden').fill('Hafenkontor Kiel KG');
  await dialog.getByLabel('Standort').fill('Kiel');
  await dialog.getByLabel('Anzahl Mitarbeiter').fill('30');
  await expect(dialog.getByTestId('client-price')).toHaveText('25\u00a0€');
  await dialog.getByText('Jährlich').click();
  await expect(dialog.getByTestId('client-price')).toHaveText('275\u00a0€');
  await dialog.getByLabel('Anzahl Mitarbeiter').fill('1500');
  await expect(dialog.getByTestId('client-price')).toHaveText('auf Anfrage');
  await dialog.getByLabel('Anzahl Mitarbeiter').fill('30');
  await expect(dialog.getByTestId('client-price')).toHaveText('275\u00a0€');
  await page.screenshot({ path: `${SCREENS}/create-client-dialog.png`, fullPage: true });
  await dialog.getByRole('button', { name: 'Kostenpflichtig anlegen' }).click();
  await expect(dialog).toBeHidden();
  const card = page.getByTestId('client-card').filter({ hasText: 'Hafenkontor Kiel KG' });
  await expect(card).toBeVisible();
  await expect(card).toContainText('HA');
  await expect(card).toContainText('30 Mitarbeiter');
  await expect(card).toContainText('Abrechnung jährlich');
  await page.screenshot({ path: `${SCREENS}/monitoring-one-client.png`, fullPage: true });

  await card.getByRole('button', { name: 'Aktionen für Hafenkontor Kiel KG' }).click();
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Installer herunterladen' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe('burgwall-collector-Hafenkontor-Kiel-KG.zip');
  const zip = await JSZip.loadAsync(readFileSync(await download.path()));
  const config = JSON.parse(await zip.file('burgwall-collector/burgwall-collector.json')!.async('string')) as Record<string, string>;
  expect(config.serverUrl).toBe(server.baseUrl);
  expect(config.clientName).toBe('Hafenkontor Kiel KG');
  expect(config.clientId).toMatch(/^[0-9a-f-]{36}$/);
  expect(config.apiKey).toMatch(/^bwc_[\w-]{43}$/);

  // The new client's empty dashboard walks through the onboarding: installer downloaded, then activated.
  const monitoringUrl = page.url();
  await page.goto(`${server.baseUrl}/client/${config.clientId}/dashboard`);
  const onboarding = page.getByTestId('onboarding');
  await expect(onboarding).toContainText('In drei Schritten zur ersten Sicherheitsbewertung');
  await expect(onboarding).toContainText('Auf einem Windows- oder Linux-Server');
  // After the download the install step lists what the zip holds (the list the server builds the zip from).
  const contents = onboarding.getByTestId('installer-contents');
  for (const file of INSTALLER_FILES) await expect(contents).toContainText(file.name);
  expect(Object.keys(zip.files).filter((name) => !name.endsWith('/')).sort()).toEqual(INSTALLER_FILES.map((file) => `burgwall-collector/${file.name}`).sort());
  await page.screenshot({ path: `${SCREENS}/onboarding-install-step.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SCREENS}/onboarding-install-step-phone.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  const license = await fetch(`${server.baseUrl}/client/${config.clientId}/collector/license`, {
    method: 'POST',
    headers: { authorization: `ApiKey ${config.apiKey}`, 'x-burgwall-machine': 'hafen-srv-01', 'content-type': 'application/json' },
    body: JSON.stringify({ machineCode: 'hafen-srv-01' }),
  });
  expect(license.status).toBe(200);
  await page.reload();
  await expect(onboarding).toContainText('Aktiviert auf hafen-srv-01');
  await page.screenshot({ path: `${SCREENS}/onboarding.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SCREENS}/onboarding-phone.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(monitoringUrl);

  // Team: invite a colleague; the invitation arrives at the platform's SMTP server.
  await page.getByRole('link', { name: 'Einstellungen' }).click();
  await expect(page.getByRole('tab', { name: 'Team' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('button', { name: 'Mitglied einladen' }).click();
  const invite = page.getByRole('dialog', { name: 'Teammitglied einladen' });
  await invite.getByLabel('Vorname').fill('Timo');
  await invite.getByLabel('Nachname').fill('Technik');
  await invite.getByLabel('E-Mail-Adresse').fill('timo@nordwind-it.test');
  await invite.getByRole('button', { name: 'Einladung senden' }).click();
  await expect(page.getByRole('row', { name: /timo@nordwind-it\.test/ })).toContainText('Einladung offen');
  const invitation = await platformMail.waitFor((mail) => mail.to.includes('timo@nordwind-it.test'));
  expect(invitation.text).toContain('Timo Technik');
  expect(linkFrom(invitation.text)).toContain(`${server.baseUrl}/account/password?token=`);
  await page.screenshot({ path: `${SCREENS}/settings-team.png`, fullPage: true });
});

test('a provider with its own SMTP server sends a test mail; a wrong password gives the German error', async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto(`${server.baseUrl}/api/auth/signin/keycloak?callbackUrl=%2F`);
  await page.getByLabel('E-Mail-Adresse').fill('nora@nordwind-it.test');
  await page.getByLabel('Passwort').fill('Nordwind-Passwort-2026');
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await expect(page).toHaveURL(/\/monitoring$/, { timeout: 20_000 });
  await page.getByRole('link', { name: 'Einstellungen' }).click();
  await page.getByRole('tab', { name: 'E-Mail-Versand' }).click();

  await page.getByLabel('Eigenen Mailserver verwenden').check();
  // Switched on without a server and with half an address: the shared schema's German messages, nothing sent.
  await page.getByRole('textbox', { name: 'Absenderadresse' }).fill('service');
  await expectRefused(page, {
    field: page.getByRole('textbox', { name: 'SMTP-Server' }),
    message: 'Bitte geben Sie den SMTP-Server an.',
    submit: page.getByRole('button', { name: 'Speichern' }),
    path: '/email/settings',
  });
  await expect(page.getByRole('textbox', { name: 'Absenderadresse' })).toHaveAccessibleDescription('Der Wert muss eine gültige E-Mail-Adresse sein.');
  await expect(page.getByRole('textbox', { name: 'SMTP-Server' })).toHaveAttribute('maxlength', '255');
  // From the top: a full-page capture of a scrolled page draws the sticky header in the middle.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SCREENS}/settings-email-errors.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SCREENS}/settings-email-errors-phone.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('textbox', { name: 'SMTP-Server' }).fill('127.0.0.1');
  await page.getByRole('textbox', { name: 'Port' }).fill(String(providerMail.port));
  await page.getByRole('textbox', { name: 'Benutzername' }).fill(SMTP_USER);
  await page.getByLabel('Passwort', { exact: true }).fill(SMTP_PASSWORD);
  await page.getByRole('textbox', { name: 'Absendername' }).fill('Nordwind IT');
  await page.getByRole('textbox', { name: 'Absenderadresse' }).fill('service@nordwind-it.test');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Die E-Mail-Einstellungen wurden gespeichert.')).toBeVisible();
  await expect(page.getByLabel('Passwort', { exact: true })).toHaveAttribute('placeholder', /gespeichert/);

  await page.getByRole('button', { name: 'Test-E-Mail senden' }).click();
  await expect(page.getByTestId('test-mail-result')).toContainText('Test-E-Mail an nora@nordwind-it.test gesendet.');
  const testMail = await providerMail.waitFor((mail) => mail.to.includes('nora@nordwind-it.test'));
  expect(testMail.authUser).toBe(SMTP_USER);
  expect(testMail.from).toBe('service@nordwind-it.test');
  expect(testMail.subject).toBe('Test-E-Mail von Burgwall');
  await page.screenshot({ path: `${SCREENS}/settings-email-ok.png`, fullPage: true });

  await page.getByLabel('Passwort', { exact: true }).fill('ganz-falsches-Passwort');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByRole('button', { name: 'Test-E-Mail senden' })).toBeEnabled();
  await page.getByRole('button', { name: 'Test-E-Mail senden' }).click();
  await expect(page.getByTestId('test-mail-result')).toContainText('Test-E-Mail fehlgeschlagen');
  await expect(page.getByTestId('test-mail-result')).toContainText(
    'Anmeldung am SMTP-Server fehlgeschlagen: Benutzername oder Passwort ist falsch.',
  );
  await page.screenshot({ path: `${SCREENS}/settings-email-wrong-password.png`, fullPage: true });
});

test('the other provider, client and admin pages show their data (demo accounts)', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const signInAs = async (email: string, landing: RegExp) => {
    await page.context().clearCookies();
    await page.context().addCookies(consentGivenState('127.0.0.1').cookies);
    await page.goto(`${server.baseUrl}/api/auth/signin/keycloak?callbackUrl=%2F`);
    await page.getByLabel('E-Mail-Adresse').fill(email);
    await page.getByLabel('Passwort').fill('Burgwall-Demo-2026!');
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await expect(page).toHaveURL(landing, { timeout: 20_000 });
  };

  await signInAs('anbieter@burgwall.demo', /\/provider\/[0-9a-f-]{36}\/monitoring$/);
  await expect(page.getByTestId('client-card')).toHaveCount(3);
  await page.getByLabel('Kunden suchen').fill('müller');
  await expect(page.getByTestId('client-card')).toHaveCount(1);
  await expect(page.getByTestId('client-card')).toContainText('C');
  await page.getByLabel('Kunden suchen').fill('');
  await page.screenshot({ path: `${SCREENS}/monitoring-demo.png`, fullPage: true });
  const base = new URL(page.url()).pathname.replace(/\/monitoring$/, '');

  await page.goto(`${server.baseUrl}${base}/quickcheck`);
  await page.getByLabel('Ansprechpartner').fill('Quentin Quick');
  await page.getByLabel('Firma').fill('Quickborn Logistik');
  await page.getByLabel('E-Mail-Adresse').fill('quentin@quickborn.test');
  const quickDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Anlegen und Installer laden' }).click();
  expect((await quickDownload).suggestedFilename()).toBe('burgwall-collector-Quickborn-Logistik.zip');
  await expect(page.getByRole('row', { name: /Quickborn Logistik/ })).toContainText('ausstehend');
  await page.screenshot({ path: `${SCREENS}/quickcheck.png`, fullPage: true });

  // The prospect gets a mail with a link and downloads the installer without an account.
  const prospectMail = await platformMail.waitFor((mail) => mail.to.includes('quentin@quickborn.test'));
  expect(prospectMail.subject).toBe('Ihr kostenloser Sicherheits-Quickcheck von Demo IT-Service GmbH');
  const prospectLink = prospectMail.text.match(/http:\/\/\S+\/meta\/quickcheck\/installer\?\S+/)?.[0] as string;
  const prospect = await browser.newContext({ storageState: consentGivenState('127.0.0.1') });
  const prospectPage = await prospect.newPage();
  await prospectPage.goto(prospectLink);
  await expect(prospectPage.getByRole('heading', { name: 'Quickcheck-Installer' })).toBeVisible();
  const prospectDownload = prospectPage.waitForEvent('download');
  await prospectPage.getByRole('button', { name: 'Installer herunterladen' }).click();
  expect((await prospectDownload).suggestedFilename()).toBe('burgwall-collector-Quickborn-Logistik.zip');
  await expect(prospectPage.getByText('Download gestartet')).toBeVisible();
  for (const file of INSTALLER_FILES) await expect(prospectPage.getByTestId('installer-contents')).toContainText(file.name);
  await prospectPage.screenshot({ path: `${SCREENS}/quickcheck-prospect.png`, fullPage: true });
  await prospectPage.goto(prospectLink.replace(/token=[\w-]+/, `token=${'x'.repeat(43)}`));
  await prospectPage.getByRole('button', { name: 'Installer herunterladen' }).click();
  await expect(prospectPage.getByRole('alert')).toContainText('Der Link ist abgelaufen oder ungültig.');
  await prospect.close();

  await page.goto(`${server.baseUrl}${base}/audit`);
  await page.getByRole('button', { name: 'Kunde anlegen' }).first().click();
  await expect(page.getByRole('dialog').getByTestId('client-price')).toHaveText('49\u00a0€');
  await page.keyboard.press('Escape');
  await page.goto(`${server.baseUrl}${base}/settings?tab=billing`);
  // The demo clients are seeded with their subscriptions in the ledger: billing names each client.
  await expect(page.getByTestId('subscriptions-table')).toContainText('Bäckerei Sonnenschein');
  await expect(page.getByText('Lokale Abrechnung')).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/settings-billing.png`, fullPage: true });
  await page.goto(`${server.baseUrl}${base}/settings?tab=whitelabel`);
  await expect(page.getByText('Noch kein Logo hinterlegt')).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/settings-whitelabel.png`, fullPage: true });

  await signInAs('kunde@burgwall.demo', /\/client\/[0-9a-f-]{36}\/dashboard$/);
  const clientBase = new URL(page.url()).pathname.replace(/\/dashboard$/, '');
  await page.goto(`${server.baseUrl}${clientBase}/settings`);
  await page.getByRole('tab', { name: 'Lizenz' }).click();
  await expect(page.getByText('Freie Plätze')).toBeVisible();
  await page.getByLabel('Neue Mitarbeiterzahl').fill('60');
  await expect(page.getByText('Neuer Preis:')).toContainText('50\u00a0€');
  await page.screenshot({ path: `${SCREENS}/client-settings-license.png`, fullPage: true });
  await page.getByRole('tab', { name: 'Kontakt' }).click();
  await page.getByRole('textbox', { name: 'Notfallkontakt', exact: true }).fill('Karla Kunde');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Die Kontaktdaten wurden gespeichert.')).toBeVisible();
  await page.goto(`${server.baseUrl}/settings`);
  await expect(page.getByRole('textbox', { name: 'Vorname' })).toHaveValue('Karl');
  await page.screenshot({ path: `${SCREENS}/user-settings.png`, fullPage: true });

  await signInAs('admin@burgwall.demo', /\/admin\/serviceprovider$/);
  await expect(page.getByRole('row', { name: /Demo IT-Service GmbH/ })).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/admin-providers.png`, fullPage: true });
  await page.goto(`${server.baseUrl}/admin/settings`);
  await expect(page.getByText('SMTP konfiguriert')).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/admin-settings.png`, fullPage: true });
});
