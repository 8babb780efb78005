import { gzipSync } from 'node:zlib';
import { INSTALLER_FILES, INSTALLER_FOLDER, type AttributeChange, type SnapshotInput, snapshotHeadOf, snapshotSchema } from '@burgwall/shared';
import JSZip from 'jszip';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobsOf, waitForJobs } from '../../../../test-support/jobs';
import { ensureCollectorExecutables } from '../../../../test-support/collector-executables';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { insertProviderWithClient } from '../../../../test-support/tenants';
import { clientDb } from '../db/client-db';
import { clientSchemaName } from '../db/client-schema';
import { IOA_EVALUATION_JOB, IOE_EVALUATION_JOB } from '../ioe/evaluation-jobs';
import { beginSnapshot } from '../snapshots/snapshot-store';
import { hashCollectorKey, issueCollectorKey } from './collector-keys';

let testApp: TestApp;
let clientA: string;
let clientB: string;
let providerA: string;
let keyA: string;
let keyB: string;

beforeAll(async () => {
  // The installer zip carries the built executables.
  await ensureCollectorExecutables();
  testApp = await createTestApp();
  const db = testApp.services.db;
  ({ clientId: clientA, providerId: providerA } = await insertProviderWithClient(db, { name: 'Kunde A' }));
  ({ clientId: clientB } = await insertProviderWithClient(db, { name: 'Kunde B' }));
  keyA = (await issueCollectorKey(db, clientA)).key;
  keyB = (await issueCollectorKey(db, clientB)).key;
});
afterAll(() => testApp.close());

const SID = 'S-1-5-21-1-2-3';
const snapshot = (usn = 100): SnapshotInput => ({
  schemaVersion: 1,
  collectedAt: '2026-11-23T10:00:00.000Z',
  collectorVersion: '0.1.0',
  highestUsn: usn,
  domain: {
    distinguishedName: 'DC=lab,DC=example',
    dnsName: 'lab.example',
    objectSid: SID,
    objectGuid: '11111111-2222-4333-8444-555555555555',
    minPasswordLength: 7,
    passwordHistoryLength: 24,
    maxPasswordAgeDays: 42,
    minPasswordAgeDays: 1,
    passwordProperties: 1,
    lockoutThreshold: 0,
    lockoutDurationMinutes: 30,
    lockoutObservationWindowMinutes: 30,
    machineAccountQuota: 10,
    domainFunctionalLevel: 4,
    forestFunctionalLevel: 4,
  },
  users: [
    {
      objectGuid: '6f1c2a47-52a4-4d3c-9a55-0c7e9b3f1a01',
      distinguishedName: 'CN=Eve,CN=Users,DC=lab,DC=example',
      objectSid: `${SID}-1104`,
      sAMAccountName: 'eve',
      userAccountControl: 512,
      primaryGroupId: 513,
    },
  ],
  computers: [],
  groups: [],
  organizationalUnits: [],
  gpos: [],
});

const change = (usn: number): AttributeChange => ({
  objectGuid: '6f1c2a47-52a4-4d3c-9a55-0c7e9b3f1a01',
  objectClass: 'user',
  distinguishedName: 'CN=Eve,CN=Users,DC=lab,DC=example',
  propertyName: 'description',
  oldValue: 'alt',
  newValue: `neu ${usn}`,
  timestamp: '2026-11-23T10:05:00.000Z',
  usn,
});

/** The problem details of a refused call: status, content type and body. */
function problemOf(response: { statusCode: number; headers: Record<string, unknown>; json: () => unknown }, status: number) {
  expect(response.statusCode).toBe(status);
  expect(String(response.headers['content-type'])).toMatch(/^application\/problem\+json/);
  const problem = response.json() as { status: number; detail: string; errors?: Array<{ path: string; message: string }> };
  expect(problem.status).toBe(status);
  return problem;
}

/** The machine keyA gets bound to below; the collector sends its machine code on every call. */
const MACHINE_A = 'machine-AAAA-1';

function post(path: string, key: string | null, body: unknown, gzip = false, machine = MACHINE_A) {
  const json = JSON.stringify(body);
  return testApp.app.inject({
    method: 'POST',
    url: path,
    headers: {
      'content-type': 'application/json',
      'x-burgwall-machine': machine,
      ...(key ? { authorization: `ApiKey ${key}` } : {}),
      ...(gzip ? { 'content-encoding': 'gzip' } : {}),
    },
    payload: gzip ? gzipSync(json) : json,
  });
}

describe('collector key auth (tenant isolation)', () => {
  it('stores only a hash of the key', async () => {
    const rows = await testApp.services.db.selectFrom('collector_key').select(['key_hash', 'client_fk']).execute();
    expect(rows.map((row) => row.key_hash)).toContain(hashCollectorKey(keyA));
    expect(JSON.stringify(rows)).not.toContain(keyA);
  });

  it('refuses a missing key (401), an unknown key (401) and the key of another client (403)', async () => {
    const url = `/client/${clientB}/collector/license`;
    expect(problemOf(await post(url, null, { machineCode: 'machine-0001' }), 401).detail).toBe('Der Collector-Schlüssel fehlt (Kopfzeile Authorization: ApiKey …).');
    expect(problemOf(await post(url, `bwc_${'x'.repeat(43)}`, { machineCode: 'machine-0001' }), 401).detail).toBe('Der Collector-Schlüssel ist ungültig oder wurde widerrufen.');
    const foreign = await post(url, keyA, { machineCode: 'machine-0001' });
    expect(problemOf(foreign, 403).detail).toBe('Dieser Collector-Schlüssel gehört nicht zu diesem Kunden.');
    const upload = await post(`/client/${clientB}/collector/snapshot`, keyA, { batchId: 'batch-foreign-1', snapshot: snapshot() });
    problemOf(upload, 403);
    expect(await clientDb(testApp.services.db, clientB).selectFrom('snapshot').select('batch_id').execute()).toEqual([]);
  });

  it('does not accept a user bearer token on key-only routes', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: `/client/${clientA}/collector/license`,
      headers: await testApp.headersFor('client', clientA),
      payload: { machineCode: 'machine-0001' },
    });
    problemOf(response, 401);
  });
});

describe('licence', () => {
  it('activates and answers the licence with the SPEC fields; binds the key to the first machine', async () => {
    const activate = await post(`/client/${clientA}/collector/license/activate`, keyA, {});
    expect(activate.statusCode).toBe(200);
    expect(activate.json()).toEqual({ subscriptionStatus: 'active', mode: 'monitoring', sleepForMs: 300_000 });
    const row = await testApp.services.db.selectFrom('collector_key').select('activated_at').where('key_hash', '=', hashCollectorKey(keyA)).executeTakeFirstOrThrow();
    expect(row.activated_at).toBeInstanceOf(Date);

    const license = await post(`/client/${clientA}/collector/license`, keyA, { machineCode: 'machine-AAAA-1' });
    expect(license.statusCode).toBe(200);
    expect(Object.keys(license.json()).sort()).toEqual(['currentPeriodEnd', 'mode', 'password', 'sleepForMs', 'subscriptionStatus', 'username']);
    expect((await post(`/client/${clientA}/collector/license`, keyA, { machineCode: 'machine-AAAA-1' })).statusCode).toBe(200);
    const other = await post(`/client/${clientA}/collector/license`, keyA, { machineCode: 'machine-BBBB-2' });
    expect(problemOf(other, 409).detail).toContain('bereits auf einem anderen Rechner');
  });

  it('refuses a bound key from another machine, and a revoked key, on every call', async () => {
    const snapshotUrl = `/client/${clientA}/collector/status`;
    const elsewhere = await post(`/client/${clientA}/collector/changes`, keyA, [], false, 'machine-BBBB-2');
    expect(problemOf(elsewhere, 403).detail).toMatch(/^Dieser Collector-Schlüssel ist an einen anderen Rechner gebunden\./);
    const revocable = await issueCollectorKey(testApp.services.db, clientA);
    await testApp.services.db.updateTable('collector_key').set({ revoked_at: new Date() }).where('collector_key_id_pk', '=', revocable.keyId).execute();
    expect(problemOf(await post(`/client/${clientA}/collector/license`, revocable.key, { machineCode: 'machine-CCCC-3' }), 401).detail).toBe('Der Collector-Schlüssel ist ungültig oder wurde widerrufen.');
    void snapshotUrl;
  });

  it('rejects a bad machine code with 400 naming the field in German', async () => {
    const response = await post(`/client/${clientB}/collector/license`, keyB, { machineCode: 'a b' });
    const problem = problemOf(response, 400);
    expect(problem.errors).toEqual([
      { path: 'body.machineCode', message: 'Der Maschinencode muss 8 bis 200 Zeichen lang sein und darf nur Buchstaben (A–Z, a–z), Ziffern und . _ : - enthalten.' },
    ]);
    expect(problem.detail).toBe(problem.errors?.[0]?.message);
  });

  it('takes no fields on activation', async () => {
    const response = await post(`/client/${clientB}/collector/license/activate`, keyB, { extra: 1 });
    expect(problemOf(response, 400).detail).toBe('Das Feld „extra“ ist hier nicht erlaubt.');
  });
});

describe('uploads', () => {
  it('stores a gzip snapshot once per batch id, records version and domain, queues one evaluation', async () => {
    const initialized = async () =>
      (await testApp.services.db.selectFrom('client').select('client_initialized').where('client_id_pk', '=', clientA).executeTakeFirstOrThrow()).client_initialized;
    expect(await initialized()).toBe(false);
    const first = await post(`/client/${clientA}/collector/snapshot`, keyA, { batchId: 'snap-batch-0001', snapshot: snapshot() }, true);
    expect(first.statusCode).toBe(201);
    // SPEC §4: the first evaluated collection initialises the client (the evaluation job it queued).
    await waitForJobs(testApp.services.db, ['ioe-evaluate']);
    expect(await initialized()).toBe(true);
    expect(first.json()).toMatchObject({ created: true, counts: { users: 1 } });
    const again = await post(`/client/${clientA}/collector/snapshot`, keyA, { batchId: 'snap-batch-0001', snapshot: snapshot() });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ created: false, snapshotId: first.json().snapshotId });

    const table = clientDb(testApp.services.db, clientA);
    expect(await table.selectFrom('snapshot').select('batch_id').execute()).toHaveLength(1);
    const status = await table.selectFrom('status_collector').selectAll().executeTakeFirstOrThrow();
    expect(status.version).toBe('0.1.0');
    expect(status.last_data_at).toBeInstanceOf(Date);
    expect(await table.selectFrom('domain').select(['domain_name', 'domain_object_guid']).execute()).toEqual([
      { domain_name: 'lab.example', domain_object_guid: '11111111-2222-4333-8444-555555555555' },
    ]);
    expect((await jobsOf(testApp.services.db, [IOE_EVALUATION_JOB])).map((job) => job.data)).toEqual([{ clientId: clientA }]);
  });

  it('accepts a snapshot far above Fastify\'s default 1 MB body limit (5,000 users, gzip)', async () => {
    const big = snapshot(500);
    const template = big.users[0] as SnapshotInput['users'][number];
    big.users = Array.from({ length: 5000 }, (_, i) => ({
      ...template,
      objectGuid: `6f1c2a47-52a4-4d3c-9a55-${i.toString(16).padStart(12, '0')}`,
      distinguishedName: `CN=Benutzer ${i},OU=Mitarbeiter,DC=lab,DC=example`,
      objectSid: `${SID}-${2000 + i}`,
      sAMAccountName: `benutzer${i}`,
      description: `Abteilung ${i % 37} – Beschreibung mit etwas Text, damit der Snapshot realistisch groß wird`,
      memberOf: ['CN=Gruppe A,OU=Gruppen,DC=lab,DC=example', 'CN=Gruppe B,OU=Gruppen,DC=lab,DC=example'],
    }));
    const body = { batchId: 'snap-big-0001', snapshot: big };
    expect(JSON.stringify(body).length).toBeGreaterThan(2 * 1024 * 1024);
    const response = await post(`/client/${clientB}/collector/snapshot`, keyB, body, true);
    expect(response.statusCode).toBe(201);
    expect(response.json().counts.users).toBe(5000);
    // Leave client B as it was (the later tests expect a client without any data yet).
    const tableB = clientDb(testApp.services.db, clientB);
    await tableB.deleteFrom('directory_object').execute();
    await tableB.deleteFrom('snapshot').execute();
    await tableB.deleteFrom('domain').execute();
    await tableB.updateTable('status_collector').set({ version: null, last_data_at: null }).execute();
  });

  it('refuses an invalid snapshot with 400 naming the field, storing nothing', async () => {
    const bad = snapshot();
    (bad.users[0] as { objectSid: string }).objectSid = 'not-a-sid';
    const response = await post(`/client/${clientB}/collector/snapshot`, keyB, { batchId: 'snap-bad-0001', snapshot: bad }, true);
    const problem = problemOf(response, 400);
    expect(problem.errors).toEqual([{ path: 'body.snapshot.users.0.objectSid', message: 'Die Objekt-SID muss eine SID wie S-1-5-21-… sein.' }]);
    expect(problem.detail).toBe('Die Objekt-SID muss eine SID wie S-1-5-21-… sein.');
    expect(await clientDb(testApp.services.db, clientB).selectFrom('snapshot').select('batch_id').execute()).toEqual([]);
  });

  it('stores changes idempotently, links the sole domain, queues the IoA evaluation of only the new ids', async () => {
    const url = `/client/${clientA}/collector/changes`;
    const first = await post(url, keyA, { batchId: 'chg-batch-0001', changes: [change(200), change(201)] }, true);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ received: 2, stored: 2 });
    const resent = await post(url, keyA, { batchId: 'chg-batch-0001', changes: [change(200), change(201)] });
    expect(resent.json()).toMatchObject({ received: 2, stored: 0, changeIds: [] });
    const rows = await clientDb(testApp.services.db, clientA).selectFrom('change').selectAll().execute();
    expect(rows).toHaveLength(2);
    expect(rows[0]?.domains_object_guid_fk).toBe('11111111-2222-4333-8444-555555555555');
    const ioaJobs = (await jobsOf(testApp.services.db, [IOA_EVALUATION_JOB])).filter((job) => job.data.clientId === clientA);
    expect(ioaJobs.map((job) => job.data)).toEqual([{ clientId: clientA, changeIds: first.json().changeIds }]);
  });

  it('stores the originating DC and version of a change and answers them in the change history', async () => {
    const dsa = 'CN=NTDS Settings,CN=DC2,CN=Servers,CN=Default-First-Site-Name,CN=Sites,CN=Configuration,DC=lab,DC=example';
    const withOrigin = { ...change(400), originatingDsa: dsa, version: 7 };
    // An older collector sends neither field: still accepted, stored as unknown.
    const response = await post(`/client/${clientA}/collector/changes`, keyA, { batchId: 'chg-origin-0001', changes: [withOrigin, change(401)] });
    expect(response.json()).toMatchObject({ received: 2, stored: 2 });
    const rows = await clientDb(testApp.services.db, clientA)
      .selectFrom('change')
      .select(['usn', 'originating_dsa', 'attribute_version'])
      .where('usn', 'in', ['400', '401'])
      .orderBy('usn')
      .execute();
    expect(rows).toEqual([
      { usn: '400', originating_dsa: dsa, attribute_version: 7 },
      { usn: '401', originating_dsa: null, attribute_version: null },
    ]);
    const graphql = await testApp.app.inject({
      method: 'POST',
      url: '/v1/graphql',
      headers: { ...(await testApp.headersFor('client', clientA)), 'content-type': 'application/json' },
      payload: { query: `{ changes(clientId: "${clientA}", filter: { propertyName: "description" }, first: 50) { nodes { newValue originatingDsa version } } }` },
    });
    const nodes = graphql.json().data.changes.nodes as Array<{ newValue: string; originatingDsa: string | null; version: number | null }>;
    expect(nodes.find((node) => node.newValue === 'neu 400')).toEqual({ newValue: 'neu 400', originatingDsa: dsa, version: 7 });
    expect(nodes.find((node) => node.newValue === 'neu 401')).toEqual({ newValue: 'neu 401', originatingDsa: null, version: null });
    const refused = await post(`/client/${clientA}/collector/changes`, keyA, { batchId: 'chg-origin-0002', changes: [{ ...change(402), version: -1 }] });
    expect(refused.statusCode).toBe(400);
  });

  it('treats an empty change batch as a replication heartbeat', async () => {
    const response = await post(`/client/${clientB}/collector/changes`, keyB, { batchId: 'chg-empty-0001', changes: [] });
    expect(response.json()).toMatchObject({ stored: 0 });
    const status = await clientDb(testApp.services.db, clientB).selectFrom('status_collector').selectAll().executeTakeFirstOrThrow();
    expect(status.last_replication_at).toBeInstanceOf(Date);
  });

  it('refuses a change with a bad value with 400 and stores none of the batch', async () => {
    const broken = { ...change(300), usn: -1 };
    const response = await post(`/client/${clientB}/collector/changes`, keyB, { batchId: 'x', changes: [change(299), broken] });
    const problem = problemOf(response, 400);
    expect(problem.errors).toEqual([
      { path: 'body.batchId', message: 'Die Batch-ID muss 8 bis 128 Zeichen lang sein und darf nur Buchstaben (A–Z, a–z), Ziffern und . _ : - enthalten.' },
      { path: 'body.changes.1.usn', message: 'Die USN muss mindestens 0 sein.' },
    ]);
    expect(problem.detail).toMatch(/^Die Anfrage enthält 2 ungültige Angaben: /);
    expect(await clientDb(testApp.services.db, clientB).selectFrom('change').select('usn').execute()).toEqual([]);
  });
});

describe('status calls', () => {
  it('reports health by the 4-hour rule and audit status', async () => {
    const get = (url: string, headers: Record<string, string>) => testApp.app.inject({ method: 'GET', url, headers });
    const health = await get(`/client/${clientA}/collector/health`, { authorization: keyA, 'x-burgwall-machine': MACHINE_A });
    expect(health.json()).toMatchObject({ status: 'healthy', color: 'green', directory: { data: 'healthy', replication: 'healthy' } });
    await clientDb(testApp.services.db, clientA)
      .updateTable('status_collector')
      .set({ last_data_at: new Date(Date.now() - 5 * 3600_000), last_replication_at: new Date(Date.now() - 5 * 3600_000) })
      .execute();
    const stale = await get(`/client/${clientA}/collector/health`, await testApp.headersFor('serviceprovider', providerA));
    expect(stale.json()).toMatchObject({ status: 'unhealthy', color: 'red' });
    const foreignUser = await get(`/client/${clientB}/collector/health`, await testApp.headersFor('serviceprovider', providerA));
    expect(foreignUser.statusCode).toBe(404);

    expect((await get(`/client/${clientA}/collector/audit/status`, { authorization: keyA, 'x-burgwall-machine': MACHINE_A })).json()).toMatchObject({ status: 'completed' });
    expect((await get(`/client/${clientB}/collector/audit/status`, { authorization: keyB })).json()).toMatchObject({ status: 'waiting' });
    // An upload still receiving its parts is no snapshot yet.
    await beginSnapshot(testApp.services.db, clientB, 'parts-open-0001', snapshotHeadOf(snapshotSchema.parse(snapshot())));
    expect((await get(`/client/${clientB}/collector/audit/status`, { authorization: keyB })).json()).toEqual({ status: 'waiting', lastSnapshotAt: null });
    expect((await post(`/client/${clientB}/collector/initialscan`, keyB, { status: 'running' })).json()).toEqual({ status: 'running' });
    expect((await get(`/client/${clientB}/collector/audit/status`, { authorization: keyB })).json()).toMatchObject({ status: 'running' });
    const bogus = problemOf(await post(`/client/${clientB}/collector/initialscan`, keyB, { status: 'bogus' }), 400);
    expect(bogus.detail).toBe('Der Status muss einer dieser Werte sein: „started“, „running“, „finished“, „failed“.');
  });

  it('answers a failing health calculation with the SPEC text and no database detail', async () => {
    const schema = clientSchemaName(clientB);
    await sql`ALTER TABLE ${sql.table(`${schema}.status_collector`)} RENAME TO status_collector_away`.execute(testApp.services.db);
    try {
      const response = await testApp.app.inject({ method: 'GET', url: `/client/${clientB}/collector/health`, headers: { authorization: keyB } });
      const problem = problemOf(response, 500);
      expect(problem.detail).toBe('Error calculating collector status');
      expect(response.body).not.toContain('status_collector');
    } finally {
      await sql`ALTER TABLE ${sql.table(`${schema}.status_collector_away`)} RENAME TO status_collector`.execute(testApp.services.db);
    }
  });

  it('answers update, version and config', async () => {
    const get = (url: string, headers: Record<string, string>) => testApp.app.inject({ method: 'GET', url, headers });
    const update = await get(`/client/${clientA}/collector/update?currentVersion=0.0.1`, { authorization: keyA, 'x-burgwall-machine': MACHINE_A });
    expect(update.json()).toEqual({ status: 'update-available', newestVersion: '0.1.0', path: `/client/${clientA}/collector/installer` });
    const badVersion = problemOf(await get(`/client/${clientA}/collector/update?currentVersion=${encodeURIComponent('{"x":1}')}`, { authorization: keyA, 'x-burgwall-machine': MACHINE_A }), 400);
    expect(badVersion.errors?.[0]?.path).toBe('query.currentVersion');
    expect(badVersion.detail).toMatch(/^Die aktuelle Version muss eine Versionsnummer/);
    const version = await get(`/client/${clientB}/collector/version`, await testApp.headersFor('client', clientB));
    expect(version.json()).toMatchObject({ status: 'not-installed' });
    const config = await get(`/client/${clientA}/collector/config`, { authorization: keyA, 'x-burgwall-machine': MACHINE_A });
    expect(config.json()).toMatchObject({ sleepForMs: 300_000, changeBatchSize: 5000, fullCollectionRequested: false });
    expect(config.headers['content-type']).toMatch(/^application\/json/);
    const text = await get(`/client/${clientA}/collector/config`, { authorization: keyA, 'x-burgwall-machine': MACHINE_A, accept: 'text/plain' });
    expect(text.headers['content-type']).toMatch(/^text\/plain/);
    expect(text.body).toBe('sleepForMs=300000\nfullCollectionIntervalMs=21600000\nchangeBatchSize=5000\nuploadLogs=true\nfullCollectionRequested=false\n');
  });

  it('hands the collector the client setting „Vollständige Erfassung alle … Stunden“', async () => {
    const keyHeaders = { authorization: keyA, 'x-burgwall-machine': MACHINE_A };
    const user = await testApp.headersFor('client', clientA);
    const interval = () => testApp.app.inject({ method: 'GET', url: `/client/${clientA}/collector/config`, headers: keyHeaders }).then((response) => response.json().fullCollectionIntervalMs);
    expect((await testApp.app.inject({ method: 'GET', url: `/client/${clientA}/collector/settings`, headers: user })).json()).toEqual({ fullCollectionIntervalHours: 6 });
    expect(await interval()).toBe(6 * 3_600_000);
    const saved = await testApp.app.inject({ method: 'POST', url: `/client/${clientA}/collector/settings`, headers: user, payload: { fullCollectionIntervalHours: 24 } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ fullCollectionIntervalHours: 24 });
    expect(await interval()).toBe(24 * 3_600_000);
    const text = await testApp.app.inject({ method: 'GET', url: `/client/${clientA}/collector/config`, headers: { ...keyHeaders, accept: 'text/plain' } });
    expect(text.body).toContain('fullCollectionIntervalMs=86400000\n');
    // Out of bounds or not whole hours: German reason, nothing stored.
    for (const [value, reason] of [
      [0, 'höchstens einmal pro Stunde'],
      [169, 'mindestens einmal pro Woche'],
      [1.5, 'ganze Zahl von Stunden'],
    ] as const) {
      const refused = problemOf(await testApp.app.inject({ method: 'POST', url: `/client/${clientA}/collector/settings`, headers: user, payload: { fullCollectionIntervalHours: value } }), 400);
      expect(refused.detail).toContain(reason);
    }
    expect(await interval()).toBe(24 * 3_600_000);
    // Another tenant's users cannot read or change it; the collector key cannot change it.
    const foreign = await testApp.app.inject({ method: 'POST', url: `/client/${clientA}/collector/settings`, headers: await testApp.headersFor('client', clientB), payload: { fullCollectionIntervalHours: 1 } });
    expect(foreign.statusCode).toBe(404);
    const byKey = await testApp.app.inject({ method: 'POST', url: `/client/${clientA}/collector/settings`, headers: keyHeaders, payload: { fullCollectionIntervalHours: 1 } });
    expect(byKey.statusCode).toBeGreaterThanOrEqual(400);
    expect(await interval()).toBe(24 * 3_600_000);
    await testApp.app.inject({ method: 'POST', url: `/client/${clientA}/collector/settings`, headers: user, payload: { fullCollectionIntervalHours: 6 } });
  });

  it('asks the collector for a full collection after "Jetzt neu auswerten" until a snapshot arrives', async () => {
    const headers = { authorization: keyA, 'x-burgwall-machine': MACHINE_A };
    const config = () => testApp.app.inject({ method: 'GET', url: `/client/${clientA}/collector/config`, headers }).then((response) => response.json().fullCollectionRequested);
    expect(await config()).toBe(false);
    await testApp.app.inject({ method: 'POST', url: `/client/${clientA}/audit/rescan`, headers: await testApp.headersFor('client', clientA) });
    expect(await config()).toBe(true);
    // The collector's next snapshot fulfils the request.
    await clientDb(testApp.services.db, clientA).updateTable('status_collector').set({ last_data_at: new Date(Date.now() + 1000) }).execute();
    expect(await config()).toBe(false);
  });

  it('stores uploaded logs', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: `/client/${clientA}/collector/log/collector.log`,
      headers: { authorization: keyA, 'x-burgwall-machine': MACHINE_A, 'content-type': 'text/plain' },
      payload: 'Zeile 1\nZeile 2 – Größe',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ logName: 'collector.log', bytes: Buffer.byteLength('Zeile 1\nZeile 2 – Größe') });
    const json = await post(`/client/${clientA}/collector/log/update.log`, keyA, { content: 'Update auf 0.2.0' });
    expect(json.statusCode).toBe(201);
    const rows = await clientDb(testApp.services.db, clientA).selectFrom('collector_log').selectAll().orderBy('collector_log_id_pk').execute();
    expect(rows.map((row) => [row.log_name, row.content])).toEqual([
      ['collector.log', 'Zeile 1\nZeile 2 – Größe'],
      ['update.log', 'Update auf 0.2.0'],
    ]);
  });

  it('refuses bad log names and log bodies of the wrong type in German, storing nothing', async () => {
    const upload = (name: string, contentType: string, payload: string) =>
      testApp.app.inject({ method: 'POST', url: `/client/${clientB}/collector/log/${name}`, headers: { authorization: keyB, 'content-type': contentType }, payload });
    const badName = problemOf(await upload('..%2Fetc', 'text/plain', 'x'), 400);
    expect(badName.errors?.[0]?.path).toBe('params.logName');
    expect(badName.detail).toMatch(/^Der Protokollname muss 1 bis 100 Zeichen lang sein/);
    const wrongType = problemOf(await upload('collector.log', 'application/json', JSON.stringify({ content: 5 })), 400);
    expect(wrongType.detail).toBe('Das Protokoll muss Text sein. Senden Sie das Protokoll als Text (text/plain) oder als JSON {"content": "…"}.');
    const empty = problemOf(await upload('collector.log', 'application/json', JSON.stringify({ content: '' })), 400);
    expect(empty.detail).toMatch(/^Das Protokoll ist leer\./);
    expect(await clientDb(testApp.services.db, clientB).selectFrom('collector_log').select('log_name').execute()).toEqual([]);
  });
});

describe('installer', () => {
  it('returns a zip with exactly the files the download pages list and a config whose fresh key works for this client only', async () => {
    const started = Date.now();
    const response = await testApp.app.inject({
      method: 'GET',
      url: `/client/${clientB}/collector/installer`,
      headers: await testApp.headersFor('client', clientB),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    const zip = await JSZip.loadAsync(response.rawPayload);
    // The pages render INSTALLER_FILES (components/installer-contents.tsx): the zip holds those files and nothing else.
    const files = Object.values(zip.files).filter((entry) => !entry.dir).map((entry) => entry.name).sort();
    expect(files).toEqual(INSTALLER_FILES.map((file) => `${INSTALLER_FOLDER}/${file.name}`).sort());
    const text = (name: string) => (zip.file(`${INSTALLER_FOLDER}/${name}`) as JSZip.JSZipObject).async('string');
    // The files' content and the install script run: installer-package.test.ts.
    const config = JSON.parse(await text('burgwall-collector.json'));
    expect(config).toMatchObject({ clientId: clientB, serverUrl: expect.stringMatching(/^http/) });
    expect((await post(`/client/${clientB}/collector/license/activate`, config.apiKey, {})).statusCode).toBe(200);
    expect((await post(`/client/${clientA}/collector/license/activate`, config.apiKey, {})).statusCode).toBe(403);

    // A second download reuses the compressed executables: fast, and with its own key.
    const secondStarted = Date.now();
    const second = await testApp.app.inject({ method: 'GET', url: `/client/${clientB}/collector/installer`, headers: await testApp.headersFor('client', clientB) });
    const secondConfig = JSON.parse(await ((await JSZip.loadAsync(second.rawPayload)).file(`${INSTALLER_FOLDER}/burgwall-collector.json`) as JSZip.JSZipObject).async('string'));
    expect(secondConfig.apiKey).not.toBe(config.apiKey);
    console.log(`installer: two downloads ${Date.now() - started} ms in all, second ${Date.now() - secondStarted} ms, zip ${(response.rawPayload.length / 1e6).toFixed(1)} MB`);

    const foreign = await testApp.app.inject({
      method: 'GET',
      url: `/client/${clientB}/collector/installer`,
      headers: await testApp.headersFor('client', clientA),
    });
    expect(problemOf(foreign, 404).detail).toBe('Der Kunde wurde nicht gefunden oder Sie haben keinen Zugriff auf ihn.');
  }, 180_000);
});

describe('OpenAPI of the collector routes', () => {
  it('documents text and JSON log bodies, both config formats, key auth and the quick-check link', async () => {
    type Operation = { requestBody?: { content: Record<string, unknown> }; responses: Record<string, { content?: Record<string, unknown> }>; security?: Array<Record<string, unknown>> };
    const document = (await testApp.app.inject({ url: '/openapi.json' })).json() as { paths: Record<string, Record<string, Operation>> };
    const log = document.paths['/client/{clientUUID}/collector/log/{logName}']?.post;
    expect(Object.keys(log?.requestBody?.content ?? {}).sort()).toEqual(['application/json', 'text/plain']);
    expect(log?.security).toEqual([{ collectorKey: [] }]);
    const config = document.paths['/client/{clientUUID}/collector/config']?.get;
    expect(Object.keys(config?.responses['200']?.content ?? {}).sort()).toEqual(['application/json', 'text/plain']);
    expect(document.paths['/client/{clientUUID}/collector/health']?.get?.security).toEqual([{ bearerAuth: [], hasuraRole: [] }, { collectorKey: [] }]);
    const quickcheck = document.paths['/client/{clientUUID}/quickcheck/collector/installer']?.get;
    expect(quickcheck?.security).toEqual([{ bearerAuth: [], hasuraRole: [] }, { quickcheckLink: [] }]);
    expect(Object.keys(quickcheck?.responses['200']?.content ?? {})).toEqual(['application/zip']);
  });
});
