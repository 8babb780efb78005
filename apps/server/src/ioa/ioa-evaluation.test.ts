import type { AttributeChange } from '@burgwall/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { insertProviderWithClient } from '../../../../test-support/tenants';
import { addMember, cleanSnapshot, findGroup, group, sid } from '@burgwall/checks/testing';
import { saveChanges } from '../changes/change-store';
import { evaluateStoredChanges } from './ioa-evaluation';
import { latestSnapshot, saveSnapshot } from '../snapshots/snapshot-store';
import { clientDb } from '../db/client-db';
import { saveIoaSetting } from './ioa-settings-store';

let testApp: TestApp;
let clientId: string;

beforeAll(async () => {
  testApp = await createTestApp();
  ({ clientId } = await insertProviderWithClient(testApp.services.db, { name: 'Sperrsturm KG' }));
});
afterAll(() => testApp.close(), 180_000);

let usn = 100;
const lockout = (minute: number): AttributeChange => ({
  objectGuid: `00000000-0000-4000-8000-${String(usn).padStart(12, '0')}`,
  objectClass: 'user',
  distinguishedName: `CN=Nutzer ${usn},OU=Mitarbeiter,DC=lab,DC=local`,
  propertyName: 'lockoutTime',
  oldValue: '0',
  newValue: '133700000000000000',
  timestamp: new Date(Date.UTC(2026, 10, 23, 9, minute)).toISOString(),
  usn: usn++,
});

async function ingest(changes: AttributeChange[]): Promise<void> {
  const { changeIds } = await saveChanges(testApp.services.db, clientId, changes);
  await evaluateStoredChanges(testApp.services.db, testApp.services.live, clientId, changeIds);
}

const events = () => clientDb(testApp.services.db, clientId).selectFrom('ioa_event').select(['detector', 'evidence']).execute();

const clearEvents = () => clientDb(testApp.services.db, clientId).deleteFrom('ioa_event').execute();
const clearChanges = () => clientDb(testApp.services.db, clientId).deleteFrom('change').execute();

it('raises one lockout-storm IoA when the per-client threshold of locked accounts in the window is reached', async () => {
  await saveIoaSetting(testApp.services.db, clientId, 'lockout-storm', { enabled: true, allowlist: [], thresholds: { accounts: 3, minutes: 10 } });
  await ingest([lockout(0), lockout(1)]);
  expect(await events()).toEqual([]);
  // Outside the window of the first two: no storm yet.
  await ingest([lockout(30)]);
  expect(await events()).toEqual([]);
  await ingest([lockout(31), lockout(32), lockout(33)]);
  expect(await events()).toEqual([{ detector: 'lockout-storm', evidence: expect.objectContaining({ accounts: 3, minutes: 10 }) }]);
});

it('counts a storm above the threshold in one batch once per window: 12 lockouts → 1 event, exactly 10 → 1 event', async () => {
  await saveIoaSetting(testApp.services.db, clientId, 'lockout-storm', { enabled: true, allowlist: [], thresholds: { accounts: 10, minutes: 10 } });
  for (const [count, hour] of [[12, 12], [10, 14]] as const) {
    await clearEvents();
    await clearChanges();
    // All in the same second, sent in one batch: the count must follow the stored order, not see the whole batch.
    const batch = Array.from({ length: count }, () => ({ ...lockout(0), timestamp: new Date(Date.UTC(2026, 10, 23, hour, 0)).toISOString() }));
    await ingest(batch);
    const found = await events();
    expect(found, `${count} lockouts`).toHaveLength(1);
    expect(found[0]?.evidence).toMatchObject({ accounts: 10, minutes: 10 });
  }
  // Further lockouts inside the same window add no event; after the window a new storm is a new event.
  await ingest([lockout(5), lockout(6)].map((change) => ({ ...change, timestamp: new Date(Date.UTC(2026, 10, 23, 14, 5)).toISOString() })));
  expect(await events()).toHaveLength(1);
  await ingest(Array.from({ length: 10 }, () => ({ ...lockout(0), timestamp: new Date(Date.UTC(2026, 10, 23, 15, 0)).toISOString() })));
  expect(await events()).toHaveLength(2);
});

it('raises the Tier-0 membership IoA for the German-named Domain Admins group and a group nested in it (by SID)', async () => {
  await clearEvents();
  const snapshot = cleanSnapshot();
  const domainAdmins = findGroup(snapshot, 512);
  domainAdmins.sAMAccountName = 'Domänen-Admins';
  domainAdmins.distinguishedName = 'CN=Domänen-Admins,CN=Users,DC=test,DC=local';
  const helper = group({ sAMAccountName: 'Helfer', objectSid: sid(1201) }, 'OU=Gruppen,DC=test,DC=local');
  addMember(domainAdmins, helper);
  snapshot.groups.push(helper);
  await saveSnapshot(testApp.services.db, clientId, 'german-batch', snapshot);
  const base = { objectClass: 'group' as const, propertyName: 'member', oldValue: null, timestamp: '2026-11-23T16:00:00.000Z' };
  await ingest([
    { ...base, objectGuid: domainAdmins.objectGuid, distinguishedName: domainAdmins.distinguishedName, newValue: 'CN=Mallory,CN=Users,DC=test,DC=local', usn: 950 },
    { ...base, objectGuid: helper.objectGuid, distinguishedName: helper.distinguishedName, newValue: 'CN=Trudy,CN=Users,DC=test,DC=local', usn: 951 },
  ]);
  const rows = await clientDb(testApp.services.db, clientId).selectFrom('ioa_event').select(['detector', 'title']).orderBy('title').execute();
  expect(rows).toEqual([
    { detector: 'privileged-group-member-added', title: 'Mallory zu „Domänen-Admins“ hinzugefügt' },
    { detector: 'privileged-group-member-added', title: 'Trudy zu „Helfer“ hinzugefügt (verschachtelt in „Domänen-Admins“)' },
  ]);
});

it('names the DCSync trustee by account name from the newest snapshot, once', async () => {
  await clearEvents();
  const line = (sid: string, right: string) => `allow-object ${sid} 0x100 ${right}  0`;
  const stored = { sid: (await latestSnapshot(testApp.services.db, clientId))?.snapshot.users[3]?.objectSid as string };
  await ingest([{
    objectGuid: '20000000-0000-4000-8000-000000000001', objectClass: 'domainDNS', distinguishedName: 'DC=test,DC=local', propertyName: 'nTSecurityDescriptor',
    oldValue: 'owner S-1-5-32-544', newValue: ['owner S-1-5-32-544', line(stored.sid, '1131f6aa-9c07-11d1-f79f-00c04fc2dcd2'), line(stored.sid, '1131f6ad-9c07-11d1-f79f-00c04fc2dcd2')].join('\n'),
    timestamp: '2026-11-23T17:00:00.000Z', usn: 960,
  }]);
  expect(await clientDb(testApp.services.db, clientId).selectFrom('ioa_event').select(['title']).execute()).toEqual([{ title: 'Replikationsrechte für alice vergeben' }]);
});

it('raises guest-account-activated for the German-named Guest account and one mass-deletion event per window', async () => {
  await clearEvents();
  await saveIoaSetting(testApp.services.db, clientId, 'mass-deletion', { enabled: true, allowlist: [], thresholds: { objects: 5, minutes: 10 } });
  const stored = await latestSnapshot(testApp.services.db, clientId);
  const guest = stored?.snapshot.users.find((account) => account.objectSid.endsWith('-501'));
  if (!guest) throw new Error('fixture has no guest');
  const deletion = (n: number) => ({ objectGuid: `30000000-0000-4000-8000-${String(n).padStart(12, '0')}`, objectClass: 'user' as const, distinguishedName: `CN=Weg ${n},OU=Alt,DC=test,DC=local`, propertyName: 'isDeleted', oldValue: null, newValue: 'TRUE', timestamp: '2026-11-23T18:00:00.000Z', usn: 1000 + n });
  await ingest([
    { objectGuid: guest.objectGuid, objectClass: 'user', distinguishedName: 'CN=Gast,CN=Users,DC=test,DC=local', propertyName: 'userAccountControl', oldValue: '546', newValue: '544', timestamp: '2026-11-23T17:30:00.000Z', usn: 990 },
    ...Array.from({ length: 12 }, (_, n) => deletion(n)),
  ]);
  const rows = await clientDb(testApp.services.db, clientId).selectFrom('ioa_event').select(['detector', 'title']).orderBy('detector').execute();
  expect(rows).toEqual([
    { detector: 'guest-account-activated', title: 'Gastkonto aktiviert' },
    { detector: 'mass-deletion', title: '5 Objekte in 10 Minuten gelöscht' },
  ]);
});

it('recognises a renamed krbtgt (RID 502 in the stored snapshot) for krbtgt-or-trust-changed, not an account merely called krbtgt', async () => {
  await clearEvents();
  const stored = await latestSnapshot(testApp.services.db, clientId);
  const krbtgt = stored?.snapshot.users.find((account) => account.objectSid.endsWith('-502'));
  if (!krbtgt) throw new Error('fixture has no krbtgt');
  const pwdLastSet = (objectGuid: string, name: string, n: number): AttributeChange => ({
    objectGuid, objectClass: 'user', distinguishedName: `CN=${name},CN=Users,DC=test,DC=local`, propertyName: 'pwdLastSet',
    oldValue: '133700000000000000', newValue: '133800000000000000', timestamp: '2026-11-23T19:00:00.000Z', usn: 1100 + n,
  });
  await ingest([pwdLastSet(krbtgt.objectGuid, 'kdc-dienst', 1), pwdLastSet('40000000-0000-4000-8000-000000000001', 'krbtgt', 2)]);
  const rows = await clientDb(testApp.services.db, clientId).selectFrom('ioa_event').select(['detector', 'title', 'severity', 'distinguished_name']).execute();
  expect(rows).toEqual([{ detector: 'krbtgt-or-trust-changed', title: 'krbtgt-Passwort geändert', severity: 'info', distinguished_name: 'CN=kdc-dienst,CN=Users,DC=test,DC=local' }]);
});

it('honours a disabled detector and an allowlisted member', async () => {
  await clientDb(testApp.services.db, clientId).deleteFrom('ioa_event').execute();
  await saveIoaSetting(testApp.services.db, clientId, 'privileged-group-member-added', {
    enabled: true,
    allowlist: ['CN=Admin Notfall,CN=Users,DC=lab,DC=local'],
    thresholds: {},
  });
  await saveIoaSetting(testApp.services.db, clientId, 'spn-added-to-user', { enabled: false, allowlist: [], thresholds: {} });
  const base = { objectClass: 'group' as const, distinguishedName: 'CN=Domänen-Admins,CN=Users,DC=test,DC=local', propertyName: 'member', oldValue: null, timestamp: '2026-11-23T10:00:00.000Z' };
  await ingest([
    { ...base, objectGuid: '10000000-0000-4000-8000-000000000001', newValue: 'CN=Admin Notfall,CN=Users,DC=lab,DC=local', usn: 900 },
    { ...base, objectGuid: '10000000-0000-4000-8000-000000000002', newValue: 'CN=Fremder,CN=Users,DC=lab,DC=local', usn: 901 },
    { ...base, objectClass: 'user', objectGuid: '10000000-0000-4000-8000-000000000003', distinguishedName: 'CN=svc,DC=lab,DC=local', propertyName: 'servicePrincipalName', newValue: 'HTTP/x', usn: 902 },
  ]);
  expect((await events()).map((event) => event.detector)).toEqual(['privileged-group-member-added']);
  const flagged = await clientDb(testApp.services.db, clientId).selectFrom('change').select('usn').where('is_ioa', '=', true).where('usn', '>=', '900').where('usn', '<', '910').execute();
  expect(flagged.map((row) => row.usn)).toEqual(['901']);
});
