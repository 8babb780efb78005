import { type SnapshotInput, type Tier0ExtrasAnswer, snapshotSchema } from '@burgwall/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForJobs } from '../../../../test-support/jobs';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { insertProviderWithClient } from '../../../../test-support/tenants';
import { IOE_EVALUATION_JOB } from '../ioe/evaluation-jobs';
import { saveSnapshot } from '../snapshots/snapshot-store';

/** The Tier-0 routes find objects with indexed queries on the stored directory (no snapshot is loaded). */
let test: TestApp;
let clientId: string;
let emptyClientId: string;

const sid = 'S-1-5-21-7-8-9';
const dc = 'DC=nord,DC=intern';
const guid = (n: number) => `40000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const gpoId = '{6AC1786C-016F-11D2-945F-00C04FB984F9}';

function snapshot(collectedAt: string, withBackupServer: boolean): SnapshotInput {
  return {
    schemaVersion: 1,
    collectedAt,
    collectorVersion: '1.0.0',
    highestUsn: 100,
    domain: {
      distinguishedName: dc,
      dnsName: 'nord.intern',
      objectSid: sid,
      objectGuid: guid(99),
      minPasswordLength: 12,
      passwordHistoryLength: 24,
      maxPasswordAgeDays: 0,
      minPasswordAgeDays: 1,
      passwordProperties: 1,
      lockoutThreshold: 5,
      lockoutDurationMinutes: 30,
      lockoutObservationWindowMinutes: 30,
      machineAccountQuota: 0,
      domainFunctionalLevel: 7,
      forestFunctionalLevel: 7,
    },
    users: [
      { objectGuid: guid(1), distinguishedName: `CN=Petra Pam,OU=Server,${dc}`, name: 'Petra Pam', displayName: 'Petra Pam-Admin', objectSid: `${sid}-1101`, sAMAccountName: 'ppam', userPrincipalName: 'petra.pam@nord.de', userAccountControl: 512, primaryGroupId: 513 },
      { objectGuid: guid(2), distinguishedName: `CN=Svc Backup,OU=Server,${dc}`, name: 'Svc Backup', objectSid: `${sid}-1102`, sAMAccountName: 'svc-backup', userAccountControl: 512, primaryGroupId: 513 },
    ],
    computers: withBackupServer
      ? [{ objectGuid: guid(3), distinguishedName: `CN=BACKUP01,OU=Server,${dc}`, name: 'BACKUP01', objectSid: `${sid}-1201`, sAMAccountName: 'BACKUP01$', dnsHostName: 'backup01.nord.intern', userAccountControl: 4096, primaryGroupId: 515 }]
      : [],
    groups: [{ objectGuid: guid(4), distinguishedName: `CN=PAM-Operatoren,OU=Server,${dc}`, name: 'PAM-Operatoren', objectSid: `${sid}-1301`, sAMAccountName: 'PAM-Operatoren', groupType: -2147483646, members: [] }],
    organizationalUnits: [{ objectGuid: guid(5), distinguishedName: `OU=Server,${dc}`, name: 'Server' }],
    gpos: [{ objectGuid: guid(6), distinguishedName: `CN=${gpoId},CN=Policies,CN=System,${dc}`, name: gpoId, gpoId, displayName: 'Server', files: {} }],
  };
}

beforeAll(async () => {
  test = await createTestApp();
  ({ clientId } = await insertProviderWithClient(test.services.db, { name: 'Nord GmbH' }));
  ({ clientId: emptyClientId } = await insertProviderWithClient(test.services.db, { name: 'Leer GmbH' }));
  await saveSnapshot(test.services.db, clientId, 'batch-1', snapshotSchema.parse(snapshot('2026-11-20T08:00:00.000Z', true)));
});
afterAll(() => test.close());

async function call(method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, id = clientId) {
  const response = await test.app.inject({ method, url: `/client/${id}/attack-paths/tier0${url}`, headers: await test.headersFor('client', id), ...(payload ? { payload } : {}) });
  return { status: response.statusCode, body: response.json() as { message?: string; detail?: string; object?: { objectKey: string; name: string; kind: string } } & Partial<Tier0ExtrasAnswer> };
}

describe('marking an object as Tier 0 by any of its names', () => {
  it.each([
    ['its sAMAccountName, in other case', 'PPAM', { objectKey: guid(1), name: 'ppam', kind: 'user' }],
    ['its UPN', 'Petra.Pam@nord.de', { objectKey: guid(1), name: 'ppam', kind: 'user' }],
    ['its name (CN)', 'petra pam', { objectKey: guid(1), name: 'ppam', kind: 'user' }],
    ['its SID', `${sid.toLowerCase()}-1102`, { objectKey: guid(2), name: 'svc-backup', kind: 'user' }],
    ['its DN', `cn=svc backup,ou=server,${dc.toLowerCase()}`, { objectKey: guid(2), name: 'svc-backup', kind: 'user' }],
    ['a computer by its name without $', 'backup01', { objectKey: guid(3), name: 'BACKUP01$', kind: 'computer' }],
    ['a computer by its host name', 'BACKUP01.nord.intern', { objectKey: guid(3), name: 'BACKUP01$', kind: 'computer' }],
    ['a group by its objectGUID in braces', `{${guid(4).toUpperCase()}}`, { objectKey: guid(4), name: 'PAM-Operatoren', kind: 'group' }],
    ['a GPO by its objectGUID', guid(6), { objectKey: gpoId, name: 'Server', kind: 'gpo' }],
  ])('finds %s', async (_label, text, expected) => {
    const added = await call('POST', '', { object: text });
    expect(added).toMatchObject({ status: 201, body: { object: expected } });
    const removed = await call('DELETE', `/${encodeURIComponent(expected.objectKey)}`);
    expect(removed.status).toBe(200);
    await waitForJobs(test.services.db, [IOE_EVALUATION_JOB]);
  });

  it('names every object a text fits and stores none of them', async () => {
    const both = await call('POST', '', { object: 'server' });
    expect(both.status).toBe(400);
    expect(both.body.detail).toBe(
      `„server“ passt auf 2 Objekte (OU=Server,${dc}; CN=${gpoId},CN=Policies,CN=System,${dc}). Geben Sie den Distinguished Name oder die objectGUID an.`,
    );
    const unknown = await call('POST', '', { object: 'petra' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.detail).toBe(
      'Im neuesten Snapshot gibt es kein Konto, keinen Computer, keine Gruppe, OU oder GPO „petra“. Geben Sie den Anmeldenamen, den Distinguished Name, die SID oder die objectGUID an.',
    );
    expect((await call('GET', '')).body.objects).toEqual([]);
  });

  it('refuses before the first collection with a German 409', async () => {
    const none = await call('POST', '', { object: 'ppam' }, emptyClientId);
    expect(none.status).toBe(409);
    expect(none.body.detail).toMatch(/^Für diesen Kunden wurden noch keine Verzeichnisdaten erfasst\./);
    expect((await call('GET', '', undefined, emptyClientId)).body.objects).toEqual([]);
  });

  it('lists the marked objects with whether the newest snapshot still has them', async () => {
    for (const object of ['backup01', `CN=${gpoId},CN=Policies,CN=System,${dc}`, `OU=Server,${dc}`]) expect((await call('POST', '', { object })).status).toBe(201);
    await waitForJobs(test.services.db, [IOE_EVALUATION_JOB]);
    const present = (await call('GET', '')).body.objects?.map((o) => [o.name, o.kind, o.inSnapshot]);
    expect(present).toEqual([
      ['BACKUP01$', 'computer', true],
      ['Server', 'gpo', true],
      ['Server', 'ou', true],
    ]);
    // The next collection no longer has the backup server: it stays marked, shown as gone.
    await saveSnapshot(test.services.db, clientId, 'batch-2', snapshotSchema.parse(snapshot('2026-11-21T08:00:00.000Z', false)));
    const later = (await call('GET', '')).body.objects?.map((o) => [o.name, o.inSnapshot]);
    expect(later).toEqual([
      ['BACKUP01$', false],
      ['Server', true],
      ['Server', true],
    ]);
    await waitForJobs(test.services.db, [IOE_EVALUATION_JOB]);
  });
});
