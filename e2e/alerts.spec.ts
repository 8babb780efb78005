/**
 * Issue 18 in the browser: a provider opens Einstellungen → Alarme, adds a webhook (the signing secret is shown once),
 * creates an alert rule with a recipient and the webhook, sends a test message with "Test senden" to a local HTTP
 * receiver (signature verified as docs/webhooks.md describes) and sees it in the delivery log. Screenshots (desktop
 * and 390 px phone) go to test-results/alerts-screens.
 */
import { createServer, type Server } from 'node:http';
import { type AddressInfo, createServer as createTcpServer } from 'node:net';
import { expect, test } from '@playwright/test';
import { verifyWebhookSignature } from '../apps/server/src/webhooks/webhook-signature';
import { type ExtraServer, startExtraServer } from './support/extra-server';
import { expectRefused } from './support/form-refusal';
import { signIn } from './support/sign-in';

const SCREENS = 'test-results/alerts-screens';

let server: ExtraServer;
let receiver: Server;
let receiverUrl: string;
const received: { body: string; signature: string }[] = [];

test.describe.configure({ mode: 'serial' });

/** A port the system hands out as free (the ports next to E2E_PORT belong to other engineers' runs). */
async function freePort(): Promise<number> {
  const probe = createTcpServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

test.beforeAll(async () => {
  // A second real server with demo data starts slowly on a shared machine.
  test.setTimeout(180_000);
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ body, signature: String(request.headers['x-burgwall-signature'] ?? '') });
      response.writeHead(200, { 'content-type': 'text/plain' }).end('1');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/teams`;
  // The receiver listens on loopback: only this server allows internal hosts (never a tenant's choice).
  server = await startExtraServer(await freePort(), { OUTGOING_ALLOW_INTERNAL_HOSTS: 'true' }, { name: 'alerts server', startTimeoutMs: 150_000 });
});

test.afterAll(async () => {
  // The server's graceful shutdown is slow on a busy shared machine.
  test.setTimeout(150_000);
  // The receiver first: a kept-alive connection from the server must not hold up either shutdown.
  receiver?.closeAllConnections();
  await new Promise((resolve) => receiver?.close(resolve));
  await server?.stop();
});

test('a provider creates an alert rule, sends a test webhook and sees the delivery log', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(server.baseUrl);
  await signIn(page, 'anbieter@burgwall.demo', 'Burgwall-Demo-2026!');
  await expect(page).toHaveURL(/\/provider\/[0-9a-f-]{36}\//, { timeout: 20_000 });
  const providerId = /\/provider\/([0-9a-f-]{36})\//.exec(page.url())?.[1] as string;

  await page.goto(`${server.baseUrl}/provider/${providerId}/settings?tab=alerts`);
  await expect(page.getByRole('heading', { name: 'Alarmregeln' })).toBeVisible();
  await expect(page.getByText('Noch keine Alarmregeln')).toBeVisible();
  await expect(page.getByText('Noch keine Webhooks')).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/alerts-empty-desktop.png`, fullPage: true });

  // A webhook to the local receiver; the secret is shown once.
  await page.getByRole('button', { name: 'Webhook hinzufügen' }).click();
  const webhookDialog = page.getByRole('dialog', { name: 'Webhook hinzufügen' });
  await webhookDialog.getByLabel('Name').fill('Teams-Kanal Bereitschaft');
  await webhookDialog.getByLabel('URL').fill('teams-kanal');
  await expectRefused(page, {
    field: webhookDialog.getByLabel('URL'),
    message: 'Bitte eine vollständige URL angeben (https://…).',
    submit: webhookDialog.getByRole('button', { name: 'Webhook anlegen' }),
    path: '/webhooks',
  });
  await expect(webhookDialog.getByLabel('Name')).toHaveAttribute('maxlength', '100');
  await webhookDialog.getByLabel('URL').fill(receiverUrl);
  await webhookDialog.getByRole('button', { name: 'Webhook anlegen' }).click();
  const secret = (await webhookDialog.getByTestId('webhook-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^whsec_/);
  await webhookDialog.getByRole('button', { name: 'Fertig' }).click();
  await expect(page.getByText('Teams-Kanal Bereitschaft')).toBeVisible();

  // An alert rule: new critical findings, to Anna and the webhook.
  await page.getByRole('button', { name: 'Neue Alarmregel' }).click();
  const ruleDialog = page.getByRole('dialog', { name: 'Neue Alarmregel' });
  // Nothing filled in: German messages under the name and the recipients, nothing sent.
  await expectRefused(page, {
    field: ruleDialog.getByLabel('Name'),
    message: 'Der Wert darf nicht leer sein.',
    submit: ruleDialog.getByRole('button', { name: 'Regel anlegen' }),
    path: '/alert-rules',
  });
  await expect(ruleDialog.getByText('Bitte wählen Sie mindestens einen Empfänger oder Webhook.')).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/alert-rule-form-errors-desktop.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SCREENS}/alert-rule-form-errors-phone.png` });
  await page.setViewportSize({ width: 1280, height: 800 });
  await ruleDialog.getByLabel('Name').fill('Kritische Risiken');
  await ruleDialog.getByLabel('E-Mail-Empfänger').click();
  await page.getByRole('option', { name: /Anna Anbieter/ }).click();
  await page.keyboard.press('Escape');
  await ruleDialog.getByLabel('Webhooks').click();
  await page.getByRole('option', { name: 'Teams-Kanal Bereitschaft' }).click();
  await page.keyboard.press('Escape');
  await page.screenshot({ path: `${SCREENS}/alert-rule-form-desktop.png` });
  await ruleDialog.getByRole('button', { name: 'Regel anlegen' }).click();
  await expect(ruleDialog).toBeHidden();
  const row = page.getByRole('row', { name: /Kritische Risiken/ });
  await expect(row).toContainText('Neues Risiko (IoE)');
  await expect(row).toContainText('ab Kritisch');
  await expect(row).toContainText('1 E-Mail-Empfänger, 1 Webhook');

  // "Test senden": delivered at once, signed, and in the delivery log.
  await page.getByRole('button', { name: 'Test senden' }).click();
  await expect(page.getByText('Test zugestellt')).toBeVisible();
  expect(received).toHaveLength(1);
  const request = received[0] as { body: string; signature: string };
  expect(verifyWebhookSignature(secret, request.body, request.signature)).toBe(true);
  expect(JSON.parse(request.body)).toMatchObject({ type: 'message', attachments: [{ contentType: 'application/vnd.microsoft.card.adaptive' }] });
  const log = page.getByRole('dialog', { name: /Zustellprotokoll/ });
  await expect(log.getByTestId('delivery-log')).toContainText('Zugestellt');
  await expect(log.getByTestId('delivery-log')).toContainText('HTTP 200');
  await page.screenshot({ path: `${SCREENS}/delivery-log-desktop.png` });
  await log.getByRole('button').first().click();
  await expect(log).toBeHidden();
  await page.screenshot({ path: `${SCREENS}/alerts-desktop.png`, fullPage: true });

  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SCREENS}/alerts-phone.png`, fullPage: true });
});
