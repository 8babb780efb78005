import type { AttributeChange, ChangedObjectsInput, FindingChangesAnswer, FindingsAnswer, SnapshotInput } from '@burgwall/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { jobsOf, waitForJobs } from '../../../../test-support/jobs';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { insertProviderWithClient } from '../../../../test-support/tenants';
import { issueCollectorKey } from '../collector/collector-keys';
import { clientDb } from '../db/client-db';
import { CHANGE_EVALUATION_DELAY_SECONDS, IOA_EVALUATION_JOB, IOE_EVALUATION_JOB } from './evaluation-jobs';

// Issue 14: a weakness created on the DC shows as a finding without a full collection. Real PostgreSQL, the real
// server listening on a port, the real job queue: a snapshot, then change batches (changes plus the changed objects in
// snapshot form, as the collector sends them) → the AS-REP roasting check's findings follow each batch.

const PORT = 3531;
const BASE = `http://127.0.0.1:${PORT}`;
const NO_PREAUTH = 'user-no-preauth';
const DONT_REQ_PREAUTH = 0x400000;
const NORMAL = 0x200;
const SID = 'S-1-5-21-41-42-43';
const DOMAIN_DN = 'DC=patch,DC=example';

let testApp: TestApp;
let clientId: string;
let providerId: string;
let key: string;

beforeAll(async () => {
  testApp = await createTestApp();
  ({ clientId, providerId } = await insertProviderWithClient(testApp.services.db, { name: 'Änderungen GmbH' }));
  ({ key } = await issueCollectorKey(testApp.services.db, clientId));
  await testApp.app.listen({ port: PORT, host: '127.0.0.1' });
});
afterAll(() => testApp.close(), 300_000);

const user = (rid: number, name: string, userAccountControl: number, usnChanged = 10) => ({
  objectGuid: `0000${rid}-1111-4222-8333-444444444444`,
  distinguishedName: `CN=${name},CN=Users,${DOMAIN_DN}`,
  objectSid: `${SID}-${rid}`,
  sAMAccountName: name,
  userAccountControl,
  primaryGroupId: 513,
  usnChanged,
});
const eve = (uac: number, usn: number) => user(1104, 'eve', uac, usn);
const old = user(1105, 'altkonto', NORMAL | DONT_REQ_PREAUTH);
const created = user(1106, 'neukonto', NORMAL | DONT_REQ_PREAUTH, 40);

const snapshot = (collectedAt: string): SnapshotInput => ({
  schemaVersion: 1,
  collectedAt,
  collectorVersion: '1.0.0',
  highestUsn: 20,
  domain: {
    distinguishedName: DOMAIN_DN,
    dnsName: 'patch.example',
    objectSid: SID,
    objectGuid: '99999999-2222-4333-8444-555555555555',
    minPasswordLength: 14,
    passwordHistoryLength: 24,
    maxPasswordAgeDays: 42,
    minPasswordAgeDays: 1,
    passwordProperties: 1,
    lockoutThreshold: 5,
    lockoutDurationMinutes: 30,
    lockoutObservationWindowMinutes: 30,
    machineAccountQuota: 0,
    domainFunctionalLevel: 7,
    forestFunctionalLevel: 7,
  },
  users: [eve(NORMAL, 10), old],
  computers: [],
  groups: [],
  organizationalUnits: [],
  gpos: [],
});

const uacChange = (before: number, after: number, usn: number): AttributeChange => ({
  objectGuid: eve(0, 0).objectGuid,
  objectClass: 'user',
  distinguishedName: eve(0, 0).distinguishedName,
  propertyName: 'userAccountControl',
  oldValue: String(before),
  newValue: String(after),
  timestamp: new Date().toISOString(),
  usn,
});

async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown, collector = false): Promise<T> {
  const headers: Record<string, string> = collector
    ? { authorization: `ApiKey ${key}`, 'x-burgwall-machine': 'machine-patch-1' }
    : await testApp.headersFor('serviceprovider', providerId);
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${BASE}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

let batch = 0;
const sendChanges = (changes: AttributeChange[], objects?: ChangedObjectsInput) =>
  call('POST', `/client/${clientId}/collector/changes`, { batchId: `patch-batch-${++batch}`, changes, objects }, true);
const sendSnapshot = (collectedAt: string) =>
  call('POST', `/client/${clientId}/collector/snapshot`, { batchId: `patch-snap-${collectedAt}`, snapshot: snapshot(collectedAt) }, true);
const settle = () => waitForJobs(testApp.services.db, [IOE_EVALUATION_JOB, IOA_EVALUATION_JOB], 60_000);

async function noPreauthNames(): Promise<string[]> {
  const answer = await call<FindingsAnswer>('GET', `/client/${clientId}/ioe/findings/${NO_PREAUTH}`);
  return answer.findings.map((finding) => finding.objectName).sort();
}
const sinceLastCheck = () => call<FindingChangesAnswer>('GET', `/client/${clientId}/ioe/changes?limit=50`);
/** The current snapshot's stored accounts (name and USN): what the checks read. */
async function storedAccounts(): Promise<{ sam_account_name: string | null; usn_changed: string }[]> {
  const own = clientDb(testApp.services.db, clientId);
  const current = await own.selectFrom('snapshot').select('snapshot_id_pk').where('state', '=', 'complete').orderBy('collected_at', 'desc').limit(1).executeTakeFirstOrThrow();
  return own.selectFrom('directory_object').select(['sam_account_name', 'usn_changed']).where('snapshot_fk', '=', current.snapshot_id_pk).orderBy('sam_account_name').execute();
}
const history = () => call<{ history: { score: number; openFindings: number }[] }>('GET', `/client/${clientId}/ioe/score-history`);

it('two full collections: only the account stored without pre-authentication is a finding', async () => {
  await sendSnapshot('2026-11-25T08:00:00.000Z');
  await settle();
  await sendSnapshot('2026-11-25T14:00:00.000Z');
  await settle();
  expect(await noPreauthNames()).toEqual(['altkonto']);
  expect((await sinceLastCheck()).previousCheckAt).not.toBeNull();
}, 120_000);

it('a change batch setting DONT_REQ_PREAUTH on eve makes her a finding, new since the last Prüfung', async () => {
  const points = (await history()).history.length;
  const before = await sinceLastCheck();
  const sent = Date.now();
  await sendChanges([uacChange(NORMAL, NORMAL | DONT_REQ_PREAUTH, 30)], { users: [eve(NORMAL | DONT_REQ_PREAUTH, 30)] });
  await settle();
  expect(await noPreauthNames()).toEqual(['altkonto', 'eve']);
  // Debounced by a few seconds, still far inside the minute the issue asks for.
  expect(Date.now() - sent).toBeGreaterThanOrEqual(CHANGE_EVALUATION_DELAY_SECONDS * 1000 - 500);
  expect(Date.now() - sent).toBeLessThan(30_000);
  const after = await sinceLastCheck();
  // The same Prüfung (the snapshot did not change): eve is „neu seit letzter Prüfung“.
  expect(after.currentCheckAt).toBe(before.currentCheckAt);
  expect(after.new.map((item) => `${item.ioeType}:${item.objectName}`)).toContain(`${NO_PREAUTH}:eve`);
  // One more score point, since the open findings moved.
  const now = (await history()).history;
  expect(now).toHaveLength(points + 1);
  expect(now.at(-1)?.openFindings).toBe((now.at(-2)?.openFindings ?? 0) + 1);
}, 60_000);

it('a batch clearing the flag again resolves the finding', async () => {
  await sendChanges([uacChange(NORMAL | DONT_REQ_PREAUTH, NORMAL, 35)], { users: [eve(NORMAL, 35)] });
  await settle();
  expect(await noPreauthNames()).toEqual(['altkonto']);
  const changes = await sinceLastCheck();
  expect(changes.new.map((item) => item.objectName)).not.toContain('eve');
}, 60_000);

it('a created account and a deleted one are handled', async () => {
  const creation: AttributeChange[] = ['objectSid', 'sAMAccountName', 'userAccountControl'].map((propertyName) => ({
    objectGuid: created.objectGuid,
    objectClass: 'user',
    distinguishedName: created.distinguishedName,
    propertyName,
    oldValue: null,
    newValue: propertyName === 'userAccountControl' ? String(created.userAccountControl) : propertyName === 'objectSid' ? created.objectSid : created.sAMAccountName,
    timestamp: new Date().toISOString(),
    usn: 40,
  }));
  const deletion: AttributeChange = {
    objectGuid: old.objectGuid,
    objectClass: 'user',
    distinguishedName: `CN=altkonto\\0ADEL:${old.objectGuid},CN=Deleted Objects,${DOMAIN_DN}`,
    propertyName: 'isDeleted',
    oldValue: null,
    newValue: 'TRUE',
    timestamp: new Date().toISOString(),
    usn: 41,
  };
  await sendChanges([...creation, deletion], { users: [created] });
  await settle();
  expect(await noPreauthNames()).toEqual(['neukonto']);
  // Applied to the stored objects: the deleted account's row is gone, the created one is a row of the current snapshot.
  expect(await storedAccounts()).toEqual([
    { sam_account_name: 'eve', usn_changed: '35' },
    { sam_account_name: 'neukonto', usn_changed: '40' },
  ]);
  // An unchanged repeat of the batch (a collector retrying) changes nothing and adds no score point.
  const points = (await history()).history.length;
  await sendChanges([...creation, deletion], { users: [created] });
  await settle();
  expect(await noPreauthNames()).toEqual(['neukonto']);
  expect((await history()).history).toHaveLength(points);
}, 60_000);

it('a changed domain head is laid over the stored one (machine account quota 0 → 10 is a finding)', async () => {
  const findings = async () => (await call<FindingsAnswer>('GET', `/client/${clientId}/ioe/findings/machine-account-quota`)).findings.length;
  expect(await findings()).toBe(0);
  const { domain } = snapshot('2026-11-25T14:00:00.000Z');
  const quotaChange: AttributeChange = {
    objectGuid: domain.objectGuid,
    objectClass: 'domainDNS',
    distinguishedName: DOMAIN_DN,
    propertyName: 'ms-DS-MachineAccountQuota',
    oldValue: '0',
    newValue: '10',
    timestamp: new Date().toISOString(),
    usn: 45,
  };
  await sendChanges([quotaChange], { domain: { ...domain, machineAccountQuota: 10 } });
  await settle();
  expect(await findings()).toBe(1);
}, 60_000);

it('many batches in a row queue one or two evaluations, not one each; the last state wins', async () => {
  const queuedBefore = (await jobsOf(testApp.services.db, [IOE_EVALUATION_JOB])).length;
  for (let index = 0; index < 20; index++) {
    const flagged = index % 2 === 0;
    const uac = flagged ? NORMAL | DONT_REQ_PREAUTH : NORMAL;
    await sendChanges([uacChange(flagged ? NORMAL : NORMAL | DONT_REQ_PREAUTH, uac, 50 + index)], { users: [eve(uac, 50 + index)] });
  }
  await settle();
  const queued = (await jobsOf(testApp.services.db, [IOE_EVALUATION_JOB])).length - queuedBefore;
  expect(queued).toBeGreaterThanOrEqual(1);
  expect(queued).toBeLessThanOrEqual(3);
  // The last batch (index 19) cleared the flag.
  expect(await noPreauthNames()).toEqual(['neukonto']);
}, 120_000);

it('the next full collection supersedes the applied changes', async () => {
  await sendSnapshot('2026-11-25T20:00:00.000Z');
  await settle();
  // The snapshot still holds the account the changes deleted: the full collection is the truth again.
  expect(await noPreauthNames()).toEqual(['altkonto']);
  expect(await storedAccounts()).toEqual([
    { sam_account_name: 'altkonto', usn_changed: '10' },
    { sam_account_name: 'eve', usn_changed: '10' },
  ]);
}, 60_000);
