/**
 * Issue 19 in the browser: a provider opens „Support kontaktieren“ from the user menu, sends a ticket (it arrives in
 * the support mailbox, an smtp-server of this test), and in „Kunden anlegen“ the client-exists check warns about a
 * name it already has; the new client's onboarding shows the SHA-256 of the collector programs (needs the collector
 * built: npm run build -w @burgwall/collector); /register's newsletter box and the SaaS unsubscribe link. Screenshots (desktop and 390 px phone) go to test-results/support-screens.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { COLLECTOR_VERSION } from '../apps/server/src/collector/collector-version';
import { startSmtpCatcher, type SmtpCatcher } from '../test-support/smtp-catcher';
import { type ExtraServer, startExtraServer } from './support/extra-server';
import { signIn } from './support/sign-in';

const SCREENS = 'test-results/support-screens';
const basePort = Number(process.env.E2E_PORT ?? 3199);
const DEMO_PASSWORD = 'Burgwall-Demo-2026!';
const SERVICE_KEY = 'e2e-support-service-key-0123456789';

/** A template mail to a contact of the SaaS lists, as another service would send it (200 only if on that list). */
const templateMail = (email: string, list: string) =>
  fetch(`${server.baseUrl}/saas/mailing/email/template`, {
    method: 'POST',
    headers: { authorization: SERVICE_KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ email, list, template: 'newsletter', values: { subject: 'Neuigkeiten', text: 'Neue Prüfungen sind da.' } }),
  });

let mail: SmtpCatcher;
let server: ExtraServer;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  mail = await startSmtpCatcher();
  server = await startExtraServer(
    basePort + 1,
    { SMTP_URL: `smtp://127.0.0.1:${mail.port}`, SUPPORT_EMAIL: 'hilfe@burgwall.test', SEED_DEMO: 'true', SERVICE_API_KEY: SERVICE_KEY },
    { name: 'support test server', startTimeoutMs: 150_000 },
  );
});

test.afterAll(async () => {
  test.setTimeout(150_000);
  await server?.stop();
  await mail?.stop();
});

test('a provider sends a support ticket from the user menu', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(server.baseUrl);
  await signIn(page, 'anbieter@burgwall.demo', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/provider\/[0-9a-f-]{36}\/monitoring$/, { timeout: 20_000 });
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Support kontaktieren' }).click();
  await expect(page).toHaveURL(/\/support$/);
  await expect(page.getByRole('heading', { name: 'Support kontaktieren' })).toBeVisible();

  // Too short: the form says so in German and nothing is sent.
  await page.getByLabel('Betreff').fill('Hi');
  await page.getByRole('button', { name: 'Anfrage senden' }).click();
  await expect(page.getByText('Der Wert muss mindestens 3 Zeichen lang sein.')).toBeVisible();

  await page.getByRole('combobox', { name: 'Worum geht es?' }).click();
  await page.getByRole('option', { name: 'Collector und Installation' }).click();
  await page.getByLabel('Betreff').fill('Collector meldet keine Daten');
  await page.getByLabel('Nachricht').fill('Seit gestern sendet der Collector bei Bäckerei Sonnenschein keine Daten mehr. Der Dienst läuft.');
  await page.screenshot({ path: `${SCREENS}/support-form.png`, fullPage: true });
  await page.getByRole('button', { name: 'Anfrage senden' }).click();
  const sent = page.getByTestId('ticket-sent');
  await expect(sent).toContainText(/Anfrage #\d+ gesendet/);
  await expect(sent).toContainText('Ihre Anfrage ist beim Support-Team eingegangen');
  const ticketNumber = (await sent.textContent())?.match(/#(\d+)/)?.[1];

  const ticket = await mail.waitFor((m) => m.to.includes('hilfe@burgwall.test'));
  expect(ticket.subject).toBe(`Support-Anfrage #${ticketNumber}: Collector meldet keine Daten`);
  expect(ticket.text).toContain('Von: anbieter@burgwall.demo (Dienstleister)');
  expect(ticket.text).toContain('Dienstleister: Demo IT-Service GmbH');
  expect(ticket.text).toContain('Seit gestern sendet der Collector');
  await page.screenshot({ path: `${SCREENS}/support-sent.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SCREENS}/support-sent-phone.png`, fullPage: true });
});

test('„Kunden anlegen“ warns about a client name the provider already has; the new client’s onboarding shows the checksums', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(server.baseUrl);
  await signIn(page, 'anbieter@burgwall.demo', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/provider\/[0-9a-f-]{36}\/monitoring$/, { timeout: 20_000 });
  await page.getByRole('button', { name: 'Kunde anlegen' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Kunden anlegen' });
  await dialog.getByLabel('Name des Kunden').fill('bäckerei sonnenschein');
  await expect(dialog.getByTestId('duplicate-client')).toHaveText('Sie haben bereits einen Kunden mit dem Namen „bäckerei sonnenschein“. Bitte prüfen Sie, ob Sie ihn nicht doppelt anlegen.');
  await page.screenshot({ path: `${SCREENS}/create-client-duplicate.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SCREENS}/create-client-duplicate-phone.png`, fullPage: true });
  await dialog.getByLabel('Name des Kunden').fill('Ganz neuer Kunde KG');
  await expect(dialog.getByTestId('duplicate-client')).toBeHidden();
  await page.setViewportSize({ width: 1280, height: 800 });
  await dialog.getByRole('button', { name: 'Kostenpflichtig anlegen' }).click();
  await expect(dialog).toBeHidden();

  // The new client's onboarding lists the installer's programs with the SHA-256 of the build this server serves.
  const card = page.getByTestId('client-card').filter({ hasText: 'Ganz neuer Kunde KG' });
  await card.getByRole('button', { name: 'Aktionen für Ganz neuer Kunde KG' }).click();
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Installer herunterladen' }).click();
  await downloadPromise;
  await card.getByRole('link', { name: 'Ganz neuer Kunde KG' }).click();
  const contents = page.getByTestId('onboarding').getByTestId('installer-contents');
  await expect(contents).toContainText(`Im ZIP enthalten (Collector-Version ${COLLECTOR_VERSION})`);
  const linuxHash = createHash('sha256').update(readFileSync('apps/collector/dist/burgwall-collector-linux-x64')).digest('hex');
  await expect(contents.getByTestId('installer-checksum')).toHaveCount(3);
  await expect(contents).toContainText(`SHA-256: ${linuxHash}`);
  await page.screenshot({ path: `${SCREENS}/onboarding-checksums.png`, fullPage: true });
  // Reloaded at phone width: the layout of a page resized from desktop is still settling (navigation, toast).
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByTestId('onboarding').getByTestId('installer-checksum')).toHaveCount(3);
  await page.screenshot({ path: `${SCREENS}/onboarding-checksums-phone.png`, fullPage: true });
});

test('the newsletter box of /register puts the new account on the newsletter list, and its link unsubscribes', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto(`${server.baseUrl}/register`);
  await page.getByLabel('Firma').fill('Seeblick IT GmbH');
  await page.getByLabel('Vorname').fill('Sven');
  await page.getByLabel('Nachname').fill('Seeblick');
  await page.getByLabel('E-Mail-Adresse').fill('sven@seeblick-it.test');
  await page.getByLabel(/Burgwall-Newsletter/).check();
  await page.screenshot({ path: `${SCREENS}/register-newsletter.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SCREENS}/register-newsletter-phone.png`, fullPage: true });
  await page.getByRole('button', { name: 'Registrieren' }).click();
  await expect(page.getByRole('heading', { name: 'Fast geschafft!' })).toBeVisible();

  expect((await templateMail('sven@seeblick-it.test', 'newsletter')).status).toBe(200);
  const newsletter = await mail.waitFor((m) => m.to.includes('sven@seeblick-it.test') && m.subject === 'Neuigkeiten');
  expect(newsletter.text).toContain('Neue Prüfungen sind da.');
  const link = newsletter.text.match(/https?:\/\/\S+\/saas\/user\/email-subscription\/update\?token=\S+/)?.[0];
  expect(link).toBeTruthy();
  // The link works in a browser without sign-in and answers a German page.
  await page.context().clearCookies();
  await page.goto(link!);
  await expect(page.getByRole('heading', { name: 'Abgemeldet' })).toBeVisible();
  await expect(page.getByText('Die Adresse sven@seeblick-it.test wurde von allen Verteilerlisten abgemeldet.')).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/unsubscribed-phone.png`, fullPage: true });
  expect((await templateMail('sven@seeblick-it.test', 'newsletter')).status).toBe(409);
});
