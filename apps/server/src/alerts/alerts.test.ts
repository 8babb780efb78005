import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkRegistry } from '@burgwall/checks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpCatcher, type SmtpCatcher } from '../../../../test-support/smtp-catcher';
import { configureProviderSmtp } from '../../../../test-support/provider-mail';
import { storePrivilegedGroupChange } from '../../../../test-support/privileged-group-change';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { requestIoaEvaluation } from '../ioe/evaluation-jobs';
import { clientDb } from '../db/client-db';
import { seedDemoData } from '../demo/seed';
import { verifyWebhookSignature } from '../webhooks/webhook-signature';
import { sendAlertDigests } from './alert-jobs';

/** A local webhook receiver: answers `failFirst` times 500, then 200, and keeps every request with its raw body. */
interface Received {
  body: string;
  signature: string;
  status: number;
}
let receiver: Server;
let receiverUrl: string;
const received: Received[] = [];
let failNext = 0;

let smtp: SmtpCatcher;
let test: TestApp;
let providerId: string;
let clientId: string;
let userId: string;
let digestUserId: string;

const criticalSlugs = new Set(checkRegistry.filter((check) => check.criticality === 'critical').map((check) => check.slug));

async function waitUntil<T>(read: () => Promise<T> | T, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const start = Date.now();
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting; last value ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function call(method: 'GET' | 'POST' | 'DELETE', url: string, body?: object) {
  const response = await test.app.inject({ method, url, headers: await test.headersFor('serviceprovider', providerId), ...(body ? { payload: body } : {}) });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> & Record<string, never> };
}

async function insertMember(email: string): Promise<string> {
  const user = await test.database.db.insertInto('app_user').values({ email, first_name: 'Alarm', last_name: 'Empfänger', roles: ['serviceprovider'] }).returning('user_id_pk').executeTakeFirstOrThrow();
  await test.database.db.insertInto('membership').values({ user_fk: user.user_id_pk, serviceprovider_fk: providerId }).execute();
  return user.user_id_pk;
}

/** Makes one critical finding of the client new: removes it, then the real rescan route finds it again. */
async function newCriticalFinding(): Promise<string> {
  const own = clientDb(test.database.db, clientId);
  const rows = await own.selectFrom('finding').innerJoin('ioe', 'ioe.ioe_id_pk', 'finding.ioe_fk').select(['finding.finding_id_pk', 'ioe.ioe_type', 'finding.object_key', 'finding.first_seen_at']).orderBy('finding.first_seen_at').execute();
  const target = rows.find((row) => criticalSlugs.has(row.ioe_type));
  if (!target) throw new Error('demo client has no critical finding');
  await own.deleteFrom('finding').where('finding_id_pk', '=', target.finding_id_pk).execute();
  const rescan = await call('POST', `/client/${clientId}/audit/rescan`);
  expect(rescan.status).toBe(200);
  return `finding:${target.ioe_type}:${target.object_key}`;
}

const privilegedGroupChange = () => storePrivilegedGroupChange(test, clientId);

/** What an upload of these changes queues: the attack detectors as a job (as in the collector's change upload). */
const ioaEvaluationOf = (changeIds: readonly string[]) =>
  test.database.db.transaction().execute((trx) => requestIoaEvaluation(test.services.jobs, trx, clientId, changeIds));

const sentRows = (ruleId: string) => test.database.db.selectFrom('alert_sent').selectAll().where('alert_rule_fk', '=', ruleId).execute();

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const status = failNext > 0 ? 500 : 200;
      if (failNext > 0) failNext--;
      received.push({ body, signature: String(request.headers['x-burgwall-signature'] ?? ''), status });
      response.writeHead(status, { 'content-type': 'text/plain' }).end(status === 200 ? 'ok' : 'kaputt');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  test = await createTestApp({ OUTGOING_ALLOW_INTERNAL_HOSTS: 'true', WEBHOOK_RETRY_DELAY_SECONDS: '1', PUBLIC_URL: 'http://burgwall.test' });
  ({ providerId } = await seedDemoData(test.database.db, { snapshots: true }));
  clientId = (await test.database.db.selectFrom('client').select('client_id_pk').where('client_name', '=', 'Stadtwerke Nordheim').executeTakeFirstOrThrow()).client_id_pk;
  // The provider's own SMTP server: alerts go out through it with its sender.
  await configureProviderSmtp(test, providerId, { port: smtp.port, fromName: 'Muster IT Alarme', fromAddress: 'alarme@muster-it.de' });
  userId = await insertMember('alarm@muster-it.de');
  digestUserId = await insertMember('digest@muster-it.de');
  await test.app.ready();
}, 180_000);

afterAll(async () => {
  receiver?.closeAllConnections();
  await new Promise((resolve) => receiver?.close(resolve));
  await smtp?.stop();
  // Stopping the job workers and dropping the database take a while on a busy shared machine.
  await test?.close();
}, 120_000);

describe('alert rules, mails and webhooks', () => {
  let secret = '';
  let webhookId = '';
  let findingRuleId = '';
  let ioaRuleId = '';

  it('creates a signed JSON webhook and refuses internal addresses when they are not allowed', async () => {
    test.services.outgoing.allowInternal = false;
    const refused = await call('POST', `/serviceprovider/${providerId}/webhooks`, { name: 'Intern', kind: 'json', url: 'http://127.0.0.1:9/x' });
    test.services.outgoing.allowInternal = true;
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toBe('Die Adresse zeigt in ein internes Netz. Webhooks dürfen nur öffentliche Adressen aufrufen.');
    const created = await call('POST', `/serviceprovider/${providerId}/webhooks`, { name: 'SOC-Empfänger', kind: 'json', url: receiverUrl });
    expect(created.status).toBe(201);
    expect(created.body.secret).toMatch(/^whsec_/);
    secret = created.body.secret as unknown as string;
    webhookId = created.body.id as unknown as string;
    const stored = await test.database.db.selectFrom('webhook_endpoint').select('secret_sealed').executeTakeFirstOrThrow();
    expect(stored.secret_sealed).not.toContain(secret);
  });

  it('refuses a rule without a severity and a recipient from another provider, in German', async () => {
    const missing = await call('POST', `/serviceprovider/${providerId}/alert-rules`, { name: 'X', trigger: 'finding', recipientUserIds: [userId] });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toContain('Bitte wählen Sie den Schweregrad, ab dem benachrichtigt wird.');
    const foreign = await call('POST', `/serviceprovider/${providerId}/alert-rules`, { name: 'X', trigger: 'ioa', minSeverity: 'high', recipientUserIds: ['00000000-0000-4000-8000-00000000abcd'] });
    expect(foreign.status).toBe(400);
    expect(foreign.body.detail).toBe('Empfänger müssen zu Ihrem Team oder zu den Benutzern des gewählten Kunden gehören.');
  });

  it('a new critical finding and an IoA produce exactly one alert per rule and channel (mail via the provider SMTP, webhook signed and retried after a 500)', async () => {
    const findingRule = await call('POST', `/serviceprovider/${providerId}/alert-rules`, {
      name: 'Kritische Risiken',
      trigger: 'finding',
      minSeverity: 'critical',
      recipientUserIds: [userId],
      webhookIds: [webhookId],
    });
    expect(findingRule.status).toBe(201);
    findingRuleId = findingRule.body.id as unknown as string;
    const ioaRule = await call('POST', `/serviceprovider/${providerId}/alert-rules`, { name: 'Angriffe', clientId, trigger: 'ioa', minSeverity: 'high', recipientUserIds: [userId], webhookIds: [webhookId] });
    expect(ioaRule.status).toBe(201);
    ioaRuleId = ioaRule.body.id as unknown as string;
    // Rules only alert about what happens after they exist: no mail for the demo client's old findings.
    failNext = 1;

    const findingKey = await newCriticalFinding();
    await privilegedGroupChange();

    const findingMail = await smtp.waitFor((mail) => mail.to.includes('alarm@muster-it.de') && mail.subject.startsWith('[Kritisch]'));
    expect(findingMail.from).toBe('alarme@muster-it.de');
    expect(findingMail.text).toContain('Stadtwerke Nordheim');
    expect(findingMail.text).toMatch(/Alarm-E-Mails abbestellen: http:\/\/burgwall\.test\/user\/email-subscription\/update\?token=/);
    expect(findingMail.html).toContain('Die Alarmregel „Kritische Risiken“ hat ausgelöst.');
    await smtp.waitFor((mail) => mail.to.includes('alarm@muster-it.de') && mail.html.includes('Die Alarmregel „Angriffe“ hat ausgelöst.'));
    expect((await sentRows(findingRuleId)).map((row) => [row.channel, row.dedupe_key])).toEqual([
      [`mail:${userId}`, findingKey],
      [`webhook:${webhookId}`, findingKey],
    ]);

    // Two deliveries (one per rule); the first request got a 500 and was retried by its job.
    const deliveries = await waitUntil(
      async () => (await call('GET', `/serviceprovider/${providerId}/webhooks/${webhookId}/deliveries`)).body as unknown as Array<{ status: string; attempts: number; lastStatusCode: number }>,
      (list) => list.length === 2 && list.every((entry) => entry.status === 'delivered'),
    );
    expect(deliveries.map((entry) => entry.attempts).sort()).toEqual([1, 2]);
    expect(received.map((entry) => entry.status)).toEqual([500, 200, 200]);
    for (const request of received) {
      expect(verifyWebhookSignature(secret, request.body, request.signature)).toBe(true);
      expect(verifyWebhookSignature(secret, `${request.body} `, request.signature)).toBe(false);
    }
    const alerts = received.map((entry) => JSON.parse(entry.body) as { event: string; rule: string; alerts: Array<{ trigger: string; clientName: string }> });
    const delivered = alerts.filter((_, index) => received[index]?.status === 200);
    expect(delivered.map((entry) => entry.rule).sort()).toEqual(['Angriffe', 'Kritische Risiken']);
    expect(delivered.map((entry) => entry.alerts[0]?.trigger).sort()).toEqual(['finding', 'ioa']);
    // The retry sent the same delivery again (same body as one of the delivered ones).
    expect(received.filter((entry) => entry.status === 200).map((entry) => entry.body)).toContain(received[0]?.body);

    // The same state evaluated again (rescan, the same change again): nothing is sent twice.
    const mailsBefore = smtp.mails.length;
    await call('POST', `/client/${clientId}/audit/rescan`);
    await ioaEvaluationOf((await clientDb(test.database.db, clientId).selectFrom('change').select('rep_id_pk').execute()).map((row) => row.rep_id_pk));
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(smtp.mails.length).toBe(mailsBefore);
    expect(received.length).toBe(3);
    expect(await sentRows(findingRuleId)).toHaveLength(2);
    expect(await sentRows(ioaRuleId)).toHaveLength(2);
  }, 60_000);

  it('"Test senden" delivers a signed test message at once and shows it in the delivery log', async () => {
    const answer = await call('POST', `/serviceprovider/${providerId}/webhooks/${webhookId}/test`);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ event: 'test', status: 'delivered', attempts: 1, lastStatusCode: 200, lastResponse: 'ok' });
    const last = received.at(-1) as Received;
    expect(verifyWebhookSignature(secret, last.body, last.signature)).toBe(true);
  });

  it('the unsubscribe link works without sign-in and stops the mails', async () => {
    const mail = smtp.mails.find((entry) => entry.to.includes('alarm@muster-it.de')) as { text: string };
    const link = /http:\/\/burgwall\.test(\/user\/email-subscription\/update\?token=\S+)/.exec(mail.text)?.[1] as string;
    const forged = await test.app.inject({ method: 'GET', url: link.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A')) });
    expect(forged.statusCode).toBe(400);
    expect(forged.body).toContain('Link ungültig');
    const page = await test.app.inject({ method: 'GET', url: link });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('Sie erhalten ab jetzt keine Alarm-E-Mails mehr.');
    const user = await test.database.db.selectFrom('app_user').select('notify_alert').where('user_id_pk', '=', userId).executeTakeFirstOrThrow();
    expect(user.notify_alert).toBe(false);

    const mailsBefore = smtp.mails.length;
    const key = await newCriticalFinding();
    await waitUntil(sentRows.bind(null, findingRuleId), (rows) => rows.some((row) => row.dedupe_key === key && row.channel.startsWith('mail:')));
    // The webhook still gets it (that channel is not a mail subscription); the mail job runs and sends nothing.
    await waitUntil(() => received.length, (count) => count === 5);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(smtp.mails.length).toBe(mailsBefore);
  }, 60_000);

  it('a digest rule collects alerts and the daily digest mails them grouped in one mail', async () => {
    const rule = await call('POST', `/serviceprovider/${providerId}/alert-rules`, { name: 'Täglich', trigger: 'finding', minSeverity: 'high', delivery: 'digest', recipientUserIds: [digestUserId] });
    expect(rule.status).toBe(201);
    await newCriticalFinding();
    await newCriticalFinding();
    const pending = await waitUntil(
      () => test.database.db.selectFrom('alert_digest_item').selectAll().where('user_fk', '=', digestUserId).execute(),
      (rows) => rows.length >= 2,
    );
    expect(smtp.mails.some((mail) => mail.to.includes('digest@muster-it.de'))).toBe(false);
    expect(await sendAlertDigests(test.services)).toBe(1);
    const digest = await smtp.waitFor((mail) => mail.to.includes('digest@muster-it.de'));
    expect(digest.subject).toBe(`Tägliche Zusammenfassung: ${pending.length} Alarme`);
    expect(digest.text).toContain('Alarm-E-Mails abbestellen');
    // Sent once: the next digest has nothing to send.
    expect(await sendAlertDigests(test.services)).toBe(0);
  }, 60_000);
});
