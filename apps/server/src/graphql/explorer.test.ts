import { type DirectoryUser, type SnapshotInput, snapshotHeadOf, snapshotSchema, userSchema } from '@burgwall/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { insertProviderWithClient } from '../../../../test-support/tenants';
import { beginSnapshot, commitSnapshot, saveSnapshot, storeSnapshotPart } from '../snapshots/snapshot-store';
import { SEARCH_HIT_LIMIT } from './ad-explorer-page';
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

it('searches name and sAMAccountName for a substring, case-insensitively, or a whole DN, counting the hits', async () => {
  // By the sAMAccountName only, by a part of the name, by a whole DN in any case.
  expect(await names({ search: 'BBRO' })).toEqual({ total: 1, totalCapped: false, names: ['Bernd Brot'] });
  expect(await names({ search: ' muster ' })).toEqual({ total: 1, totalCapped: false, names: ['Eva Muster'] });
  expect(await names({ search: 'cn=jana vogel,ou=vertrieb,dc=lab,DC=LOCAL' })).toEqual({ total: 1, totalCapped: false, names: ['Jana Vogel'] });
  // A part of a DN that is not in the name (its OU) is not searched: migration 0310 says why.
  expect(await names({ search: 'ou=vertrieb' })).toEqual({ total: 0, totalCapped: false, names: [] });
  // LIKE's wildcards are searched for as text: "00%" only finds the name with a per cent sign, "t_k" the login "…t_k…".
  expect(await names({ search: '00%' })).toEqual({ total: 1, totalCapped: false, names: ['100% Rabatt'] });
  expect(await names({ search: 't_k' })).toEqual({ total: 1, totalCapped: false, names: ['100% Rabatt'] });
  expect(await names({ search: 'a%a' })).toEqual({ total: 0, totalCapped: false, names: [] });
  expect(await names({ search: 'gibt es nicht' })).toEqual({ total: 0, totalCapped: false, names: [] });
  // A hit must lie within one field: "muster eva" is neither in the name nor in the login ("Eva Muster eva").
  expect(await names({ search: 'muster eva' })).toEqual({ total: 0, totalCapped: false, names: [] });
  expect(await names({ search: 'KONTO', first: 1, offset: 1 })).toEqual({ total: 2, totalCapped: false, names: ['Alt Konto'] });
  expect(await names({ search: 'KONTO', first: 2, offset: 9 })).toEqual({ total: 2, totalCapped: false, names: [] });
});

it('refuses an AD search of fewer than three characters in German', async () => {
  const headers = await testApp.headersFor('client', clientId);
  const short = await explorer(headers, { id: clientId, kind: 'user', search: ' é ' });
  expect(short.data).toBeNull();
  expect(short.errors?.[0]?.message).toBe('Die Suche braucht mindestens 3 Zeichen.');
  expect((await names({ search: '   ' })).total).toBe(5);
});

it('shows only the newest complete snapshot, not an upload still being received', async () => {
  const { snapshotId } = await beginSnapshot(testApp.services.db, clientId, 'batch-open', { ...snapshotHeadOf(snapshotSchema.parse(snapshot)), collectedAt: '2026-11-24T08:00:00.000Z' });
  const newUser = userSchema.parse({ objectGuid: '20000000-0000-4000-8000-0000000000aa', distinguishedName: 'CN=Neu Angelegt,CN=Users,DC=lab,DC=local', name: 'Neu Angelegt', objectSid: `${domainSid}-1199`, sAMAccountName: 'neu', userAccountControl: 512, primaryGroupId: 513 });
  await storeSnapshotPart(testApp.services.db, clientId, snapshotId, 1, [{ kind: 'users', object: newUser }]);
  expect((await names({ search: 'neu' })).total).toBe(0);
  expect((await names({})).total).toBe(5);
});

it('pages a large kind from both ends, and takes the hits of a search up to the limit only, saying so', async () => {
  const head = snapshotHeadOf(snapshotSchema.parse({ ...snapshot, users: [], groups: [], computers: [] }));
  const { snapshotId } = await beginSnapshot(testApp.services.db, bigClientId, 'batch-big', head);
  const users = function* (): Generator<{ kind: 'users'; object: DirectoryUser }> {
    for (let i = 0; i < SEARCH_HIT_LIMIT + 50; i++) {
      const n = String(i).padStart(5, '0');
      const object = userSchema.parse({ objectGuid: `30000000-0000-4000-8000-0000000${n}`, distinguishedName: `CN=konto${n},OU=Massen,DC=lab,DC=local`, name: `konto${n}`, objectSid: `${domainSid}-${20_000 + i}`, sAMAccountName: `konto${n}`, userAccountControl: 512, primaryGroupId: 513 });
      yield { kind: 'users', object };
    }
  };
  await storeSnapshotPart(testApp.services.db, bigClientId, snapshotId, 1, users());
  await commitSnapshot(testApp.services.db, bigClientId, snapshotId, 1);
  // Without a search the total is the stored count of the kind, exact however large; the last pages are read from the
  // end and join the first ones seamlessly.
  const all = SEARCH_HIT_LIMIT + 50;
  expect(await names({ first: 1 }, bigClientId)).toMatchObject({ total: all, totalCapped: false });
  const name = (i: number) => `konto${String(i).padStart(5, '0')}`;
  expect((await names({ first: 3, offset: all - 3 }, bigClientId)).names).toEqual([name(all - 3), name(all - 2), name(all - 1)]);
  expect((await names({ first: 4, offset: all - 2 }, bigClientId)).names).toEqual([name(all - 2), name(all - 1)]);
  expect((await names({ first: 4, offset: Math.floor(all / 2) - 2 }, bigClientId)).names).toEqual([-2, -1, 0, 1].map((d) => name(Math.floor(all / 2) + d)));
  expect((await names({ first: 4, offset: Math.floor(all / 2) + 1 }, bigClientId)).names).toEqual([1, 2, 3, 4].map((d) => name(Math.floor(all / 2) + d)));
  expect((await names({ first: 4, offset: all }, bigClientId)).names).toEqual([]);
  // A search with more hits takes SEARCH_HIT_LIMIT + 1 of them, in name order, and says there are more.
  const capped = await names({ search: 'konto', first: 200 }, bigClientId);
  expect(capped).toMatchObject({ total: SEARCH_HIT_LIMIT + 1, totalCapped: true });
  expect(capped.names).toHaveLength(200);
  expect(capped.names).toEqual([...(capped.names ?? [])].sort());
  expect((await names({ search: 'konto', first: 10, offset: SEARCH_HIT_LIMIT }, bigClientId)).names).toHaveLength(1);
  expect(await names({ search: 'konto', first: 10, offset: SEARCH_HIT_LIMIT + 1 }, bigClientId)).toEqual({ total: SEARCH_HIT_LIMIT + 1, totalCapped: true, names: [] });
  expect(await names({ search: 'konto0099' }, bigClientId)).toMatchObject({ total: 10, totalCapped: false });
}, 60_000);

it('shows an empty explorer before the first snapshot and nothing of other tenants', async () => {
  const other = await explorer(await testApp.headersFor('client', otherClientId), { id: otherClientId, kind: 'user' });
  expect(other.data?.explorer).toMatchObject({ collectedAt: null, total: 0, totalCapped: false, objects: [] });
  const foreign = await explorer(await testApp.headersFor('client', otherClientId), { id: clientId, kind: 'user' });
  expect(foreign.data).toBeNull();
  expect(foreign.errors?.[0]?.message).toBe('Der Kunde wurde nicht gefunden oder Sie haben keinen Zugriff auf ihn.');
});
