import { type SnapshotInput, snapshotSchema } from '@burgwall/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { insertProviderWithClient } from '../../../../test-support/tenants';
import { saveSnapshot } from '../snapshots/snapshot-store';
import { GRAPHQL_PATH } from './register-graphql';

let testApp: TestApp;
let clientId: string;
let otherClientId: string;

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
  ],
  computers: [],
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
  await saveSnapshot(testApp.services.db, clientId, 'batch-1', snapshotSchema.parse(snapshot));
});
afterAll(() => testApp.close());

const query = `query ($id: ID!, $kind: ExplorerObjectKind!, $search: String) {
  explorer(clientId: $id, kind: $kind, search: $search) { collectedAt domain total objects { name samAccountName enabled privileged memberOf members } }
}`;

async function explorer(headers: Record<string, string>, variables: Record<string, unknown>) {
  const response = await testApp.app.inject({ method: 'POST', url: GRAPHQL_PATH, headers: { ...headers, 'content-type': 'application/json' }, payload: { query, variables } });
  return response.json() as { data: { explorer: { total: number; objects: Record<string, unknown>[] } } | null; errors?: { message: string }[] };
}

it('lists the objects of the latest snapshot by kind, filtered by name', async () => {
  const headers = await testApp.headersFor('client', clientId);
  const users = await explorer(headers, { id: clientId, kind: 'user' });
  expect(users.data?.explorer).toMatchObject({ total: 2, objects: [{ name: 'Alt Konto', enabled: false }, { name: 'Eva Muster', enabled: true, privileged: true }] });
  const search = await explorer(headers, { id: clientId, kind: 'user', search: 'EVA' });
  expect(search.data?.explorer.objects.map((o) => o.samAccountName)).toEqual(['eva']);
  const groups = await explorer(headers, { id: clientId, kind: 'group' });
  expect(groups.data?.explorer.objects[0]).toMatchObject({ name: 'Domain Admins', members: ['CN=Eva Muster,CN=Users,DC=lab,DC=local'] });
});

it('shows an empty explorer before the first snapshot and nothing of other tenants', async () => {
  const other = await explorer(await testApp.headersFor('client', otherClientId), { id: otherClientId, kind: 'user' });
  expect(other.data?.explorer).toMatchObject({ total: 0, objects: [] });
  const foreign = await explorer(await testApp.headersFor('client', otherClientId), { id: clientId, kind: 'user' });
  expect(foreign.data).toBeNull();
  expect(foreign.errors?.[0]?.message).toBe('Der Kunde wurde nicht gefunden oder Sie haben keinen Zugriff auf ihn.');
});
