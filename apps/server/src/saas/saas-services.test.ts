import { createHash } from 'node:crypto';
import { mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpCatcher, type SmtpCatcher } from '../../../../test-support/smtp-catcher';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { insertProviderWithClient } from '../../../../test-support/tenants';
import { issueCollectorKey } from '../collector/collector-keys';
import { COLLECTOR_VERSION } from '../collector/collector-version';
import { createMember } from '../team/team-service';
import { describeExecutable } from './collector-executables';
import { ApiClient } from '../../../collector/src/upload/api-client';
import { checkForUpdate } from '../../../collector/src/update-check';

const SERVICE_KEY = 'saas-services-test-key-0123456789';
let test: TestApp;
let smtp: SmtpCatcher;
let base: string;
let tenant: { providerId: string; clientId: string };
let other: { providerId: string; clientId: string };

async function call(method: string, url: string, options: { headers?: Record<string, string>; body?: unknown } = {}) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}), ...options.headers },
    body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
  });
  const text = await response.text();
  return { status: response.status, type: response.headers.get('content-type') ?? '', json: text.startsWith('{') || text.startsWith('[') ? JSON.parse(text) : undefined, text };
}

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  test = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, SUPPORT_EMAIL: 'hilfe@burgwall.test', SERVICE_API_KEY: SERVICE_KEY, PUBLIC_URL: 'http://burgwall.test' });
  await test.app.listen({ port: 0, host: '127.0.0.1' });
  const address = test.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  tenant = await insertProviderWithClient(test.database.db, { name: 'Kanzlei Lindenhof' });
  other = await insertProviderWithClient(test.database.db, { name: 'Fremdkunde' });
}, 60_000);
afterAll(async () => {
  await test?.close();
  await smtp?.stop();
});

describe('POST /saas/services/ticket', () => {
  it('stores the ticket and mails it in German to the support mailbox, Reply-To the reporter', async () => {
    const userId = await createMember(test.database.db, { kind: 'serviceprovider', id: tenant.providerId }, { email: 'anbieter@lindenhof.test', firstName: 'Ana', lastName: 'Bieter' }, 'selfhosted');
    const headers = await test.headersFor('serviceprovider', tenant.providerId, { email: 'anbieter@lindenhof.test', userId });
    const response = await call('POST', '/saas/services/ticket', {
      headers,
      body: { category: 'collector', subject: 'Collector startet nicht', message: 'Der Dienst bricht nach dem Start mit Fehler 1053 ab.', clientUUID: tenant.clientId },
    });
    expect(response.status).toBe(201);
    expect(response.json).toMatchObject({ mailed: true, ticketNumber: expect.any(Number) });
    const mail = await smtp.waitFor((m) => m.subject.startsWith(`Support-Anfrage #${response.json.ticketNumber}:`));
    expect(mail.to).toEqual(['hilfe@burgwall.test']);
    expect(mail.subject).toBe(`Support-Anfrage #${response.json.ticketNumber}: Collector startet nicht`);
    expect(mail.text).toContain('Kategorie: Collector und Installation');
    expect(mail.text).toContain('Kunde: Kanzlei Lindenhof');
    expect(mail.text).toContain('Fehler 1053');
    const row = await test.database.db.selectFrom('support_ticket').selectAll().where('support_ticket_id_pk', '=', response.json.message).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ reporter_email: 'anbieter@lindenhof.test', client_fk: tenant.clientId, serviceprovider_fk: tenant.providerId, mail_delivered: true, category: 'collector' });
  });

  it('refuses a client the caller may not see, anonymous callers and bad input in German', async () => {
    const headers = await test.headersFor('serviceprovider', tenant.providerId);
    const foreign = await call('POST', '/saas/services/ticket', { headers, body: { category: 'frage', subject: 'Hallo', message: 'Eine Frage zu einem Kunden.', clientUUID: other.clientId } });
    expect(foreign.status).toBe(404);
    expect((await call('POST', '/saas/services/ticket', { body: { category: 'frage', subject: 'Hallo', message: 'Ohne Anmeldung geht es nicht.' } })).status).toBe(401);
    const bad = await call('POST', '/saas/services/ticket', { headers, body: { category: 'frage', subject: 'Hallo', message: 'kurz' } });
    expect(bad.status).toBe(400);
    expect(bad.json.detail).toMatch(/^Die Nachricht muss mindestens 10 Zeichen/);
    const count = await test.database.db.selectFrom('support_ticket').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('keeps the ticket when the support mailbox cannot be reached', async () => {
    const broken = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:1', SUPPORT_EMAIL: 'hilfe@burgwall.test' });
    try {
      const ids = await insertProviderWithClient(broken.database.db);
      const userId = await createMember(broken.database.db, { kind: 'client', id: ids.clientId }, { email: 'kunde@broken.test', firstName: 'K', lastName: 'U' }, 'selfhosted');
      const response = await broken.app.inject({
        method: 'POST',
        url: '/saas/services/ticket',
        headers: await broken.headersFor('client', ids.clientId, { userId, email: 'kunde@broken.test' }),
        payload: { category: 'fehler', subject: 'Bericht leer', message: 'Der PDF-Bericht hat keine Seiten.' },
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ mailed: false });
      const row = await broken.database.db.selectFrom('support_ticket').selectAll().executeTakeFirstOrThrow();
      expect(row).toMatchObject({ mail_delivered: false, client_fk: ids.clientId, serviceprovider_fk: ids.providerId, reporter_role: 'client' });
    } finally {
      await broken.close();
    }
  });
});

describe('collector builds and versions', () => {
  it('GET /saas/services/executables lists what this server ships, for signed-in users', async () => {
    const response = await call('GET', '/saas/services/executables', { headers: await test.headersFor('client', tenant.clientId) });
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ version: COLLECTOR_VERSION, installerPath: '/client/{clientUUID}/collector/installer' });
    expect(response.json.executables.map((file: { name: string }) => file.name)).toEqual(['burgwall-collector.exe', 'burgwall-collector-service.exe', 'burgwall-collector']);
    for (const file of response.json.executables) expect(file.available ? /^[0-9a-f]{64}$/.test(file.sha256) : file.sha256 === null).toBe(true);
    expect((await call('GET', '/saas/services/executables')).status).toBe(401);
  });

  it('hashes an executable once per build and again when it changes', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'bw-exe-'));
    try {
      const from = path.join(dir, 'burgwall-collector');
      await writeFile(from, 'erste Fassung');
      const first = await describeExecutable({ name: 'burgwall-collector', from, system: 'Linux' });
      expect(first).toEqual({ name: 'burgwall-collector', system: 'Linux', available: true, size: Buffer.byteLength('erste Fassung'), sha256: createHash('sha256').update('erste Fassung').digest('hex') });
      await writeFile(from, 'zweite Fassung!');
      await utimes(from, new Date(), new Date(Date.now() + 5000));
      expect((await describeExecutable({ name: 'burgwall-collector', from, system: 'Linux' })).sha256).toBe(createHash('sha256').update('zweite Fassung!').digest('hex'));
      expect(await describeExecutable({ name: 'x', from: path.join(dir, 'fehlt'), system: 'Windows' })).toEqual({ name: 'x', system: 'Windows', available: false, sha256: null, size: null });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('POST /saas/services/collector/version/update answers the newest version to a collector key', async () => {
    const { key } = await issueCollectorKey(test.database.db, tenant.clientId);
    const old = await call('POST', '/saas/services/collector/version/update', { headers: { authorization: `ApiKey ${key}` }, body: { currentVersion: '0.0.1' } });
    expect(old.status).toBe(200);
    expect(old.json).toMatchObject({ status: 'update-available', newestVersion: COLLECTOR_VERSION, path: `/client/${tenant.clientId}/collector/installer` });
    expect(old.json.executables).toHaveLength(3);
    const current = await call('POST', '/saas/services/collector/version/update', { headers: { authorization: `ApiKey ${key}` }, body: { currentVersion: COLLECTOR_VERSION, clientUUID: tenant.clientId } });
    expect(current.json.status).toBe('up-to-date');
    const wrongClient = await call('POST', '/saas/services/collector/version/update', { headers: { authorization: `ApiKey ${key}` }, body: { currentVersion: '0.0.1', clientUUID: other.clientId } });
    expect(wrongClient.status).toBe(403);
    expect((await call('POST', '/saas/services/collector/version/update', { body: { currentVersion: '0.0.1' } })).status).toBe(401);
    const revoked = await call('POST', '/saas/services/collector/version/update', { headers: { authorization: 'ApiKey bwc_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' }, body: { currentVersion: '0.0.1' } });
    expect(revoked.status).toBe(401);
    expect(revoked.json.detail).toBe('Der Collector-Schlüssel ist ungültig oder wurde widerrufen.');
    const bad = await call('POST', '/saas/services/collector/version/update', { headers: { authorization: `ApiKey ${key}` }, body: { currentVersion: '{"x":1}' } });
    expect(bad.status).toBe(400);
  });

  it('the collector asks through /saas/services/collector/version/update (apps/collector update check)', async () => {
    const { key } = await issueCollectorKey(test.database.db, tenant.clientId);
    const api = new ApiClient({ serverUrl: base, clientId: tenant.clientId, apiKey: key, collectorVersion: COLLECTOR_VERSION, machineCode: 'mc-test' });
    expect(await checkForUpdate(api, tenant.clientId)).toMatchObject({ status: 'up-to-date', newestVersion: COLLECTOR_VERSION, path: `/client/${tenant.clientId}/collector/installer` });
    const foreign = new ApiClient({ serverUrl: base, clientId: other.clientId, apiKey: key, collectorVersion: COLLECTOR_VERSION, machineCode: 'mc-test' });
    await expect(checkForUpdate(foreign, other.clientId)).rejects.toThrow(/403 Dieser Collector-Schlüssel gehört nicht zu diesem Kunden/);
  });
});

describe('health and mailer', () => {
  it('GET /saas/services/health answers like /services/health, without sign-in', async () => {
    const response = await call('GET', '/saas/services/health');
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ status: 'ok', version: expect.any(String) });
  });

  it('POST /saas/services/mailer sends a German template for admins and the service key only', async () => {
    const body = { email: 'neu@kunde.test', template: 'willkommen', values: { name: 'Frau <Schmidt>' } };
    const asAdmin = await call('POST', '/saas/services/mailer', { headers: await test.headersFor('admin', null), body });
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.json).toEqual({ delivered: true });
    const mail = await smtp.waitFor((m) => m.to.includes('neu@kunde.test'));
    expect(mail.subject).toBe('Willkommen bei Burgwall');
    expect(mail.text).toContain('Guten Tag Frau <Schmidt>,');
    expect(mail.text).toContain('http://burgwall.test');
    expect(mail.html).toContain('Frau &lt;Schmidt&gt;');
    const byKey = await call('POST', '/saas/services/mailer', { headers: { authorization: SERVICE_KEY }, body: { ...body, email: 'dienst@kunde.test' } });
    expect(byKey.status).toBe(200);
    await smtp.waitFor((m) => m.to.includes('dienst@kunde.test'));
    const asProvider = await call('POST', '/saas/services/mailer', { headers: await test.headersFor('serviceprovider', tenant.providerId), body });
    expect(asProvider.status).toBe(403);
    expect((await call('POST', '/saas/services/mailer', { headers: { authorization: 'falscher-schluessel-0123456789abc' }, body })).status).toBe(401);
    const unknownTemplate = await call('POST', '/saas/services/mailer', { headers: { authorization: SERVICE_KEY }, body: { ...body, template: 'gibt-es-nicht' } });
    expect(unknownTemplate.status).toBe(400);
    expect(unknownTemplate.json.detail).toMatch(/^Die Vorlage/);
  });
});
