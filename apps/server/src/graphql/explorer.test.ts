import { type DirectoryUser, type SnapshotInput, snapshotSchema, userSchema } from '@burgwall/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { insertProviderWithClient } from '../../../../test-support/tenants';
import { beginSnapshot, commitSnapshot, saveSnapshot, snapshotHeadOf, storeSnapshotPart } from '../snapshots/snapshot-store';
import { SEARCH_COUNT_LIMIT } from './ad-explorer-page';
import { GRAPHQL_PATH } from './register-graphql';

let testApp: TestApp;
let clientId: string;
let otherClientId: string;
let bigClientId: string;

const domainSid = 'S-1-5-21-1-2-3';
const snapshot: SnapshotInput = {
  schemaVersion: 1,
  collectedAt: '2026-11-23T08:00:00.000Z',
  collectorVersion: '1.0.0',
  highestUsn: 5000,
  domain: {
    distinguishedName: 'DC=lab,DC=local',
    dnsName: 'lab.local',
    objectSid: domainSid,
    objectGuid: '20000000-0000-4000-8000-000000000000',
    minPasswordLength: 7,
    passwordHistoryLength: 24,
    maxPasswordAgeDays: 42,
    minPasswordAgeDays: 1,
    passwordProperties: 1,
    lockoutThreshold: 0,
    lockoutDurationMinutes: null,
    lockoutObservationWindowMinutes: null,
    machineAccountQuota: 10,
    domainFunctionalLevel: 7,
    forestFunctionalLevel: 7,
  },
  users: [
    { objectGuid: '20000000-0000-4000-8000-000000000001', distinguishedName: 'CN=Eva Muster,CN=Users,DC=lab,DC=local', name: 'Eva Muster', objectSid: `${domainSid}-1101`, sAMAccountName: 'eva', userAccountControl: 512, primaryGroupId: 513, memberOf: ['CN=Domain Admins,CN=Users,DC=lab,DC=local'], adminCount: 1 },
    { objectGuid: '20000000-0000-4000-8000-000000000002', distinguishedName: 'CN=Alt Konto,CN=Users,DC=lab,DC=local', name: 'Alt Konto', objectSid: `${domainSid}-1102`, sAMAccountName: 'alt', userAccountControl: 514, primaryGroupId: 513 },
    { objectGuid: '20000000-0000-4000-8000-000000000004', distinguishedName: 'CN=Jana Vogel,OU=Vertrieb,DC=lab,DC=local', name: 'Jana Vogel', objectSid: `${domainSid}-1103`, sAMAccountName: 'jvogel', userAccountControl: 512, primaryGroupId: 513 },
    { objectGuid: '20000000-0000-4000-8000-000000000005', distinguishedName: 'CN=100% Rabatt,OU=Vertrieb,DC=lab,DC=local', name: '100% Rabatt', objectSid: `${domainSid}-1104`, sAMAccountName: 'rabatt_konto', userAccountControl: 512, primaryGroupId: 513 },
    { objectGuid: '20000000-0000-4000-8000-000000000006', distinguishedName: 'CN=Bernd Brot,CN=Users,DC=lab,DC=local', name: 'Bernd Brot', objectSid: `${domainSid}-1105`, sAMAccountName: 'bbrot', userAccountControl: 512, primaryGroupId: 513 },
  ],
  computers: [
    { objectGuid: '20000000-0000-4000-8000-000000000007', distinguishedName: 'CN=PC01,OU=Vertrieb,DC=lab,DC=local', name: 'PC01', objectSid: `${domainSid}-1201`, sAMAccountName: 'PC01$', userAccountControl: 4096, primaryGroupId: 515, operatingSystem: 'Windows 11 Enterprise' },
  ],
  groups: [
    { objectGuid: '20000000-0000-4000-8000-000000000003', distinguishedName: 'CN=Domain Admins,CN=Users,DC=lab,DC=local', name: 'Domain Admins', objectSid: `${domainSid}-512`, sAMAccountName: 'Domain Admins', groupType: -2147483646, members: ['CN=Eva Muster,CN=Users,DC=lab,DC=local'] },
  ],
  organizationalUnits: [],
  gpos: [],
};

beforeAll(async () => {
  testApp = await createTestApp();
  ({ clientId } = await insertProviderWithClient(testApp.services.db, { name: 'Explorer GmbH' }));
  ({ clientId: otherClientId } = await insertProviderWithClient(testApp.services.db, { name: 'Andere GmbH' }));
  ({ clientId: bigClientId } = await insertProviderWithClient(testApp.services.db, { name: 'Groß GmbH' }));
  await saveSnapshot(testApp.services.db, clientId, 'batch-1', snapshotSchema.parse(snapshot));
});
afterAll(() => testApp.close());

const query = `query ($id: ID!, $kind: ExplorerObjectKind!, $search: String, $first: Int, $offset: Int) {
  explorer(clientId: $id, kind: $kind, search: $search, first: $first, offset: $offset) {
    collectedAt domain total totalCapped objects { name samAccountName enabled privileged memberOf members details }
  }
}`;

interface Page {
  collectedAt: string | null;
  domain: string | null;
  total: number;
  totalCapped: boolean;
  objects: Record<string, unknown>[];
}

async function explorer(headers: Record<string, string>, variables: Record<string, unknown>) {
  const response = await testApp.app.inject({ method: 'POST', url: GRAPHQL_PATH, headers: { ...headers, 'content-type': 'application/json' }, payload: { query, variables } });
  return response.json() as { data: { explorer: Page } | null; errors?: { message: string }[] };
}

async function names(variables: Record<string, unknown>, id = clientId) {
  const page = (await explorer(await testApp.headersFor('client', id), { id, kind: 'user', ...variables })).data?.explorer;
  return { total: page?.total, totalCapped: page?.totalCapped, names: page?.objects.map((o) => o.name) };
}

it('lists the objects of the latest snapshot by kind, filtered by name', async () => {
  const headers = await testApp.headersFor('client', clientId);
  const users = await explorer(headers, { id: clientId, kind: 'user' });
  expect(users.data?.explorer).toMatchObject({
    collectedAt: '2026-11-23T08:00:00.000Z',
    domain: 'lab.local',
    total: 5,
    totalCapped: false,
    objects: [{ name: '100% Rabatt' }, { name: 'Alt Konto', enabled: false }, { name: 'Bernd Brot' }, { name: 'Eva Muster', enabled: true, privileged: true }, { name: 'Jana Vogel' }],
  });
  const search = await explorer(headers, { id: clientId, kind: 'user', search: 'EVA' });
  expect(search.data?.explorer.objects.map((o) => o.samAccountName)).toEqual(['eva']);
  const groups = await explorer(headers, { id: clientId, kind: 'group' });
  expect(groups.data?.explorer.objects[0]).toMatchObject({ name: 'Domain Admins', members: ['CN=Eva Muster,CN=Users,DC=lab,DC=local'] });
  const computers = await explorer(headers, { id: clientId, kind: 'computer' });
  expect(computers.data?.explorer).toMatchObject({ total: 1, objects: [{ name: 'PC01', samAccountName: 'PC01$', details: { operatingSystem: 'Windows 11 Enterprise' } }] });
});

it('pages in name order, with the total of the kind', async () => {
  expect(await names({ first: 2 })).toEqual({ total: 5, totalCapped: false, names: ['100% Rabatt', 'Alt Konto'] });
  expect(await names({ first: 2, offset: 2 })).toEqual({ total: 5, totalCapped: false, names: ['Bernd Brot', 'Eva Muster'] });
  expect(await names({ first: 2, offset: 4 })).toEqual({ total: 5, totalCapped: false, names: ['Jana Vogel'] });
  expect(await names({ first: 2, offset: 10 })).toEqual({ total: 5, totalCapped: false, names: [] });
  const tooMany = await explorer(await testApp.headersFor('client', clientId), { id: clientId, kind: 'user', first: 201 });
  expect(tooMany.errors?.[0]?.message).toBe('Die Anzahl (first) muss eine ganze Zahl zwischen 1 und 200 sein.');
});

it('searches name, sAMAccountName and distinguished name for a substring, case-insensitively, counting the hits', async () => {
  // By the DN's OU (not in the name), by the sAMAccountName only, and by a part of the name.
  expect(await names({ search: 'ou=vertrieb' })).toEqual({ total: 2, totalCapped: false, names: ['100% Rabatt', 'Jana Vogel'] });
  expect(await names({ search: 'BBRO' })).toEqual({ total: 1, totalCapped: false, names: ['Bernd Brot'] });
  expect(await names({ search: ' muster ' })).toEqual({ total: 1, totalCapped: false, names: ['Eva Muster'] });
  // LIKE's wildcards are searched for as text: "%" only finds the name with a per cent sign, "_" the login with one.
  expect(await names({ search: '%' })).toEqual({ total: 1, totalCapped: false, names: ['100% Rabatt'] });
  expect(await names({ search: '_' })).toEqual({ total: 1, totalCapped: false, names: ['100% Rabatt'] });
  expect(await names({ search: 'gibt es nicht' })).toEqual({ total: 0, totalCapped: false, names: [] });
  // A hit must lie within one field: "muster eva" is neither in the name nor the login nor the DN.
  expect(await names({ search: 'muster eva' })).toEqual({ total: 0, totalCapped: false, names: [] });
  expect(await names({ search: 'vertrieb', first: 1, offset: 1 })).toEqual({ total: 2, totalCapped: false, names: ['Jana Vogel'] });
});

it('shows only the newest complete snapshot, not an upload still being received', async () => {
  const { snapshotId } = await beginSnapshot(testApp.services.db, clientId, 'batch-open', { ...snapshotHeadOf(snapshotSchema.parse(snapshot)), collectedAt: '2026-11-24T08:00:00.000Z' });
  const newUser = userSchema.parse({ objectGuid: '20000000-0000-4000-8000-0000000000aa', distinguishedName: 'CN=Neu Angelegt,CN=Users,DC=lab,DC=local', name: 'Neu Angelegt', objectSid: `${domainSid}-1199`, sAMAccountName: 'neu', userAccountControl: 512, primaryGroupId: 513 });
  await storeSnapshotPart(testApp.services.db, clientId, snapshotId, 1, [{ kind: 'users', object: newUser }]);
  expect((await names({ search: 'neu' })).total).toBe(0);
  expect((await names({})).total).toBe(5);
});

it('counts the hits of a search up to the limit only and says so', async () => {
  const head = snapshotHeadOf(snapshotSchema.parse({ ...snapshot, users: [], groups: [], computers: [] }));
  const { snapshotId } = await beginSnapshot(testApp.services.db, bigClientId, 'batch-big', head);
  const users = function* (): Generator<{ kind: 'users'; object: DirectoryUser }> {
    for (let i = 0; i < SEARCH_COUNT_LIMIT + 50; i++) {
      const n = String(i).padStart(5, '0');
      const object = userSchema.parse({ objectGuid: `30000000-0000-4000-8000-0000000${n}`, distinguishedName: `CN=konto${n},OU=Massen,DC=lab,DC=local`, name: `konto${n}`, objectSid: `${domainSid}-${20_000 + i}`, sAMAccountName: `konto${n}`, userAccountControl: 512, primaryGroupId: 513 });
      yield { kind: 'users', object };
    }
  };
  await storeSnapshotPart(testApp.services.db, bigClientId, snapshotId, 1, users());
  await commitSnapshot(testApp.services.db, bigClientId, snapshotId, 1);
  // Without a search the total is the stored count of the kind, exact however large.
  expect((await names({}, bigClientId)).total).toBe(SEARCH_COUNT_LIMIT + 50);
  const capped = await names({ search: 'konto', first: 3 }, bigClientId);
  expect(capped).toEqual({ total: SEARCH_COUNT_LIMIT + 1, totalCapped: true, names: ['konto00000', 'konto00001', 'konto00002'] });
  // Pages past the counted hits still answer.
  expect((await names({ search: 'massen', first: 2, offset: SEARCH_COUNT_LIMIT + 48 }, bigClientId)).names).toEqual(['konto10048', 'konto10049']);
  expect(await names({ search: 'konto0999' }, bigClientId)).toMatchObject({ total: 10, totalCapped: false });
}, 60_000);

it('shows an empty explorer before the first snapshot and nothing of other tenants', async () => {
  const other = await explorer(await testApp.headersFor('client', otherClientId), { id: otherClientId, kind: 'user' });
  expect(other.data?.explorer).toMatchObject({ collectedAt: null, total: 0, totalCapped: false, objects: [] });
  const foreign = await explorer(await testApp.headersFor('client', otherClientId), { id: clientId, kind: 'user' });
  expect(foreign.data).toBeNull();
  expect(foreign.errors?.[0]?.message).toBe('Der Kunde wurde nicht gefunden oder Sie haben keinen Zugriff auf ihn.');
});
