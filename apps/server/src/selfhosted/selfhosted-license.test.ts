/**
 * Self-hosted licences with two real server instances over real HTTP, each on its own PostgreSQL database: the SaaS
 * (APP_ENV=prod) issues a licence, the self-hosted installation (APP_ENV=selfhosted) checks it with the pg-boss job
 * (heartbeat + validate) and refuses writes when the licence expired or could not be validated for the grace period.
 */
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { waitForJobs } from '../../../../test-support/jobs';
import { createClient } from '../clients/create-client';
import { issueCollectorKey } from '../collector/collector-keys';
import { createMember } from '../team/team-service';
import { LICENSE_CHECK_JOB, licenseCheckConfig, runLicenseCheck } from './license-check';

const DAY = 24 * 60 * 60 * 1000;
const berlinDay = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toLocaleDateString('sv-SE', { timeZone: 'Europe/Berlin' });

let saas: TestApp;
let saasUrl: string;
let installation: TestApp;
let selfhostedUUID: string;
let licenseKey: string;
let clientId: string;

/** A port nobody listens on: the SaaS is unreachable there. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function adminOnSaas() {
  return { ...(await saas.headersFor('admin', null)), 'content-type': 'application/json' };
}

async function updateLicense(body: { seats: number; periodEnd: string; status: 'active' | 'suspended' | 'canceled' }) {
  const response = await saas.app.inject({ method: 'PUT', url: `/admin/selfhosted/${selfhostedUUID}`, headers: await adminOnSaas(), payload: body });
  expect(response.statusCode, response.body).toBe(200);
}

/** A write of the installation's admin (platform mail switch) and a read. */
async function writeOnInstallation() {
  return installation.app.inject({ method: 'POST', url: '/admin/email/status', headers: { ...(await installation.headersFor('admin', null)), 'content-type': 'application/json' }, payload: { status: true } });
}
async function readOnInstallation() {
  return installation.app.inject({ url: '/admin/serviceprovider', headers: await installation.headersFor('admin', null) });
}
async function licenseOnInstallation() {
  const response = await installation.app.inject({ url: '/selfhosted/license', headers: await installation.headersFor('client', clientId) });
  expect(response.statusCode).toBe(200);
  return response.json() as { state: string; reason: string | null; message: string | null; seats: number | null; validUntil: string | null; readOnlyFrom: string | null };
}

beforeAll(async () => {
  saas = await createTestApp({ APP_ENV: 'prod' });
  await saas.app.listen({ port: 0, host: '127.0.0.1' });
  const address = saas.app.server.address() as { port: number };
  saasUrl = `http://127.0.0.1:${address.port}`;

  const created = await saas.app.inject({
    method: 'POST',
    url: '/admin/selfhosted',
    headers: await adminOnSaas(),
    payload: { name: 'Stadtwerke Musterstadt', seats: 500, periodStart: berlinDay(-400), periodEnd: berlinDay(30) },
  });
  expect(created.statusCode, created.body).toBe(201);
  ({ licenseKey } = created.json() as { licenseKey: string });
  selfhostedUUID = (created.json() as { license: { selfhostedUUID: string } }).license.selfhostedUUID;
  expect(licenseKey).toMatch(/^bwl_/);

  installation = await createTestApp({ APP_ENV: 'selfhosted', SELFHOSTED_LICENSE_SERVER_URL: saasUrl, SELFHOSTED_UUID: selfhostedUUID, SELFHOSTED_LICENSE_KEY: licenseKey });
  const db = installation.database.db;
  const { serviceprovider_id_pk: providerId } = await db.insertInto('serviceprovider').values({ serviceprovider_name: 'IT im Haus' }).returning('serviceprovider_id_pk').executeTakeFirstOrThrow();
  clientId = await createClient(db, { serviceproviderId: providerId, name: 'Verwaltung', employeeCount: 120 });
  await createMember(db, { kind: 'client', id: clientId }, { email: 'it@musterstadt.test', firstName: 'I', lastName: 'T' }, 'selfhosted');
}, 120_000);

afterAll(async () => {
  await installation?.close();
  await saas?.close();
});

describe('self-hosted licence, SaaS and installation over HTTP', () => {
  it('the job at start sends heartbeat and validate; the SaaS records the figures, the installation the licence', async () => {
    await installation.app.ready();
    await waitForJobs(installation.database.db, [LICENSE_CHECK_JOB], 30_000);
    const stored = await installation.database.db.selectFrom('selfhosted_license_state').selectAll().executeTakeFirstOrThrow();
    expect(stored.last_error).toBeNull();
    expect(stored.last_success_at).not.toBeNull();
    expect(stored.seats).toBe(500);

    const list = await saas.app.inject({ url: '/admin/selfhosted', headers: await saas.headersFor('admin', null) });
    const [row] = list.json() as Array<Record<string, unknown>>;
    expect(row).toMatchObject({ selfhostedUUID, name: 'Stadtwerke Musterstadt', clientCount: 1, seatsUsed: 120, userCount: 1, status: 'active' });
    expect(row?.lastHeartbeatAt).toEqual(expect.any(String));
    expect(row?.lastValidatedAt).toEqual(expect.any(String));
    expect(row?.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(JSON.stringify(list.json())).not.toContain(licenseKey);
    const keyHash = await saas.database.db.selectFrom('selfhosted_license').select('key_hash').executeTakeFirstOrThrow();
    expect(keyHash.key_hash).not.toContain(licenseKey.slice(4));

    const license = await licenseOnInstallation();
    expect(license).toMatchObject({ state: 'valid', reason: null, message: null, seats: 500 });
    expect((await writeOnInstallation()).statusCode).toBe(200);
  });

  it('refuses an unknown installation and a wrong key with the same German problem', async () => {
    const call = (id: string, key: string | null) =>
      fetch(`${saasUrl}/saas/selfhosted/${id}/validate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(key ? { authorization: `ApiKey ${key}` } : {}) },
        body: JSON.stringify({ version: '1.0.0' }),
      });
    const wrongKey = await call(selfhostedUUID, `bwl_${'A'.repeat(43)}`);
    const unknown = await call('00000000-0000-4000-8000-000000000000', licenseKey);
    const missing = await call(selfhostedUUID, null);
    for (const response of [wrongKey, unknown, missing]) {
      expect(response.status).toBe(401);
      expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    }
    const [a, b, c] = (await Promise.all([wrongKey.json(), unknown.json(), missing.json()])) as Array<{ detail: string }>;
    expect(a?.detail).toBe('Diese Installation ist unbekannt oder der Lizenzschlüssel passt nicht zu ihr.');
    expect(b?.detail).toBe(a?.detail);
    expect(c?.detail).toBe('Der Lizenzschlüssel fehlt (Kopfzeile Authorization: ApiKey …).');
  });

  it('SaaS unreachable: grace period with a German warning, read-only after it, writable again once validated', async () => {
    const db = installation.database.db;
    const check = licenseCheckConfig(installation.services.config);
    if (!check) throw new Error('licence check not configured');
    const unreachable = { ...check, serverUrl: `http://127.0.0.1:${await closedPort()}` };
    await db.updateTable('selfhosted_license_state').set({ last_success_at: new Date(Date.now() - 3 * DAY) }).execute();

    const grace = await runLicenseCheck(db, unreachable);
    expect(grace.state).toBe('grace');
    const license = await licenseOnInstallation();
    expect(license.state).toBe('grace');
    expect(license.message).toMatch(/^Lizenz konnte seit \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2} Uhr nicht geprüft werden \(Lizenzserver 127\.0\.0\.1:\d+ nicht erreichbar\)\. Gelingt die Prüfung nicht bis \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2} Uhr, wird Burgwall schreibgeschützt\.$/);
    expect(new Date(license.readOnlyFrom ?? 0).getTime()).toBeGreaterThan(Date.now() + 10 * DAY);
    expect((await writeOnInstallation()).statusCode).toBe(200);

    // The injected clock: 15 days after the last success the same failed check leaves the installation read-only.
    const later = await runLicenseCheck(db, unreachable, () => new Date(Date.now() + 12 * DAY));
    expect(later).toMatchObject({ state: 'read-only', reason: 'unverified' });
    await db.updateTable('selfhosted_license_state').set({ last_success_at: new Date(Date.now() - 15 * DAY) }).execute();
    expect((await licenseOnInstallation()).state).toBe('read-only');
    const refused = await writeOnInstallation();
    expect(refused.statusCode).toBe(423);
    expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(refused.json().detail).toMatch(/^Die Lizenz konnte seit .* nicht beim Lizenzserver geprüft werden \(Lizenzserver 127\.0\.0\.1:\d+ nicht erreichbar\)\. Burgwall ist schreibgeschützt: Daten lassen sich ansehen, aber nicht ändern\./);
    expect((await readOnInstallation()).statusCode).toBe(200);

    // The SaaS is back: one successful check ends read-only mode.
    expect((await runLicenseCheck(db, check)).state).toBe('valid');
    expect((await writeOnInstallation()).statusCode).toBe(200);
  });

  it('expired licence: writes refused with the German reason, reads and collector calls keep working', async () => {
    await updateLicense({ seats: 500, periodEnd: berlinDay(-2), status: 'active' });
    const db = installation.database.db;
    const check = licenseCheckConfig(installation.services.config);
    if (!check) throw new Error('licence check not configured');
    const state = await runLicenseCheck(db, check);
    expect(state).toMatchObject({ state: 'read-only', reason: 'expired' });

    const refused = await writeOnInstallation();
    expect(refused.statusCode).toBe(423);
    const problem = refused.json() as { title: string; detail: string; type: string };
    expect(problem.title).toBe('Schreibgeschützt');
    expect(problem.type).toBe('urn:burgwall:problem:license-read-only');
    expect(problem.detail).toBe(
      `Die Lizenz dieser Installation ist am ${new Date(state.validUntil ?? 0).toLocaleDateString('de-DE', { timeZone: 'Europe/Berlin', day: '2-digit', month: '2-digit', year: 'numeric' })} abgelaufen. Burgwall ist schreibgeschützt: Daten lassen sich ansehen, aber nicht ändern. Bitte verlängern Sie die Lizenz.`,
    );
    // A client user's write is refused the same way; its reads work.
    const clientHeaders = await installation.headersFor('client', clientId);
    const contact = await installation.app.inject({ method: 'POST', url: `/client/${clientId}/contact`, headers: { ...clientHeaders, 'content-type': 'application/json' }, payload: { email: 'it@musterstadt.test', name: 'IT', phone: '' } });
    expect(contact.statusCode, contact.body).toBe(423);
    expect(contact.json().detail).toBe(problem.detail);
    expect((await installation.app.inject({ url: `/client/${clientId}/license`, headers: clientHeaders })).statusCode).toBe(200);
    expect((await readOnInstallation()).statusCode).toBe(200);

    // The collector's data is still taken (kept for the time after renewal).
    const { key } = await issueCollectorKey(db, clientId);
    const scan = await installation.app.inject({
      method: 'POST',
      url: `/client/${clientId}/collector/initialscan`,
      headers: { authorization: `ApiKey ${key}`, 'content-type': 'application/json' },
      payload: { status: 'started' },
    });
    expect(scan.statusCode, scan.body).toBe(200);
  });

  it('a suspended licence is read-only; renewing it on the SaaS makes the installation writable at the next check', async () => {
    const db = installation.database.db;
    const check = licenseCheckConfig(installation.services.config);
    if (!check) throw new Error('licence check not configured');
    await updateLicense({ seats: 50, periodEnd: berlinDay(365), status: 'suspended' });
    expect(await runLicenseCheck(db, check)).toMatchObject({ state: 'read-only', reason: 'inactive', message: expect.stringContaining('Die Lizenz dieser Installation ist gesperrt.') });
    expect((await writeOnInstallation()).statusCode).toBe(423);

    await updateLicense({ seats: 50, periodEnd: berlinDay(365), status: 'active' });
    expect(await runLicenseCheck(db, check)).toMatchObject({ state: 'valid', seats: 50 });
    expect((await writeOnInstallation()).statusCode).toBe(200);
  });

  it('a self-hosted installation issues and validates no licences (it could otherwise validate its own)', async () => {
    const list = await installation.app.inject({ url: '/admin/selfhosted', headers: await installation.headersFor('admin', null) });
    expect(list.statusCode).toBe(404);
    expect(list.json().detail).toBe('Self-hosted-Lizenzen gibt nur der Burgwall-SaaS aus, nicht eine Self-hosted-Installation.');
    const validate = await installation.app.inject({
      method: 'POST',
      url: `/saas/selfhosted/${selfhostedUUID}/validate`,
      headers: { authorization: `ApiKey ${licenseKey}`, 'content-type': 'application/json' },
      payload: { version: '1.0.0' },
    });
    expect(validate.statusCode).toBe(404);
  });

  it('admin licence routes: admins only, German validation', async () => {
    const asProvider = await saas.headersFor('serviceprovider', '00000000-0000-4000-8000-000000000001');
    expect((await saas.app.inject({ url: '/admin/selfhosted', headers: asProvider })).statusCode).toBe(403);
    const bad = await saas.app.inject({
      method: 'POST',
      url: '/admin/selfhosted',
      headers: await adminOnSaas(),
      payload: { name: 'X GmbH', seats: 10, periodStart: '2026-12-01', periodEnd: '2026-11-01' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toBe('Das Ende der Laufzeit muss nach ihrem Beginn liegen.');
  });
});
