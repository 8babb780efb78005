import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeEntra, type FakeEntra } from '../../../../test-support/fake-entra';
import { FAKE_IDS } from '../../../../test-support/fake-graph-tenant';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { insertProviderWithClient } from '../../../../test-support/tenants';
import { clientDb } from '../db/client-db';
import { GRAPHQL_PATH } from '../graphql/register-graphql';
import { loadLatestEntraSnapshot } from './entra-snapshot-store';

// The Entra collection path a customer takes: save the connection, register the certificate, "Prüfen" says valid —
// then a job reads the tenant through Microsoft Graph (a fake that speaks Graph's wire format), stores the snapshot,
// marks Entra ID connected with its plan and evaluates the Entra checks.

const TENANT = '6c7d2a41-9f0e-4b8a-a1d2-3e4f5a6b7c8d';
const APP = '0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0';

let entra: FakeEntra;
let test: TestApp;
let clientId: string;
let providerId: string;

beforeAll(async () => {
  // The app lacks Policy.Read.All; /groups is throttled once; users come in pages of two.
  entra = await startFakeEntra(0, { tenantId: TENANT, plan: 'P1', deniedPermissions: ['Policy.Read.All'], throttleOnce: ['/groups'], throttleOnceInBatch: [`/servicePrincipals/${FAKE_IDS.sp1}/owners`], pageSize: 2 });
  test = await createTestApp(entra.serverEnv);
  ({ clientId, providerId } = await insertProviderWithClient(test.database.db, { name: 'Hybrid GmbH' }));
}, 60_000);
afterAll(async () => {
  await test?.close();
  await entra?.close();
});

async function call(method: 'GET' | 'POST', url: string, payload?: unknown) {
  const headers = { ...(await test.headersFor('serviceprovider', providerId)), ...(payload ? { 'content-type': 'application/json' } : {}) };
  return test.app.inject({ method, url, headers, payload: payload as never });
}

async function waitFor<T>(read: () => Promise<T | null | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('Entra collection', () => {
  it('collects the tenant after a successful validation and stores what Graph served', async () => {
    await call('POST', `/client/${clientId}/entra/data`, { applicationId: APP, tenantId: TENANT, certPassword: 'Zertifikat-2026' });
    const pem = (await call('GET', `/client/${clientId}/entra/certificate/public`)).body;
    entra.registrations.set(TENANT, { applicationId: APP, certificatePem: pem });
    expect((await call('GET', `/client/${clientId}/entra/validate`)).json()).toMatchObject({ status: 'valid' });

    const stored = await waitFor(() => loadLatestEntraSnapshot(test.database.db, clientId));
    const snapshot = stored.snapshot;
    expect(snapshot.tenantId).toBe(TENANT);
    expect(snapshot.plan).toBe('P1');
    expect(snapshot.organization?.verifiedDomains.map((domain) => domain.name)).toEqual(['kunde.onmicrosoft.com', 'kunde.de']);
    // Five users over three pages, with sign-ins and MFA registrations (P1) joined in.
    expect(snapshot.users.map((user) => user.id)).toEqual([FAKE_IDS.u1, FAKE_IDS.u2, FAKE_IDS.u3, FAKE_IDS.u4, FAKE_IDS.u5]);
    expect(entra.graphRequests.filter((line) => line.startsWith('/v1.0/users?') && !line.includes('signInActivity')).length).toBe(3);
    expect(snapshot.users[0]).toMatchObject({ onPremisesSecurityIdentifier: 'S-1-5-21-1-2-3-1105', signInActivity: { lastSignInDateTime: '2026-11-22T09:00:00Z' } });
    expect(snapshot.users[1]?.authMethods).toEqual({ methods: [], isMfaRegistered: false, isMfaCapable: false });
    // /groups answered 429 with Retry-After first; the collection waited and read it.
    expect(entra.graphRequests.filter((line) => line.startsWith('/v1.0/groups?')).length).toBe(2);
    expect(snapshot.groups).toEqual([expect.objectContaining({ id: FAKE_IDS.g1, memberIds: [FAKE_IDS.u1, FAKE_IDS.u3], ownerIds: [FAKE_IDS.u3] })]);
    // Members, owners and app role assignments come in $batch requests, not one call per object.
    expect(entra.graphRequests).toContain(`batch /v1.0/groups/${FAKE_IDS.g1}/members?$select=id&$top=999`);
    expect(entra.graphRequests.filter((line) => /^\/v1\.0\/(groups|applications|servicePrincipals)\/[^/?]+\//.test(line))).toEqual([]);
    // Owners of the app registration and its service principal; the owners' read answered 429 inside the batch first.
    expect(snapshot.applications).toEqual([expect.objectContaining({ id: FAKE_IDS.a1, ownerIds: [FAKE_IDS.u2] })]);
    expect(snapshot.servicePrincipals.find((principal) => principal.id === FAKE_IDS.sp1)?.ownerIds).toEqual([FAKE_IDS.u2]);
    expect(entra.graphRequests.filter((line) => line.startsWith(`batch /v1.0/servicePrincipals/${FAKE_IDS.sp1}/owners`))).toHaveLength(2);
    expect(snapshot.directoryRoles.roleAssignments).toHaveLength(2);
    // The app's Graph permission resolved to its name.
    expect(snapshot.servicePrincipals.find((principal) => principal.id === FAKE_IDS.sp1)?.appRoleAssignments).toEqual([
      expect.objectContaining({ resourceAppId: '00000003-0000-0000-c000-000000000000', permission: 'RoleManagement.ReadWrite.Directory' }),
    ]);
    // Missing permission and licence are data: the areas are listed with the reason.
    expect(snapshot.unavailable.conditionalAccessPolicies).toEqual({ reason: 'permission', permission: 'Policy.Read.All', detail: 'Der App fehlt die Graph-Berechtigung Policy.Read.All.' });
    expect(snapshot.unavailable.roleEligibilitySchedules).toMatchObject({ reason: 'license' });
    expect(snapshot.unavailable.users).toBeUndefined();
  });

  it('marks Entra ID connected with its plan, records the collection and evaluates the Entra checks', async () => {
    const domains = await clientDb(test.database.db, clientId).selectFrom('domain').select(['domain_name', 'domain_entra_plan']).execute();
    expect(domains).toEqual([{ domain_name: 'kunde.de', domain_entra_plan: 'P1' }]);
    const status = await clientDb(test.database.db, clientId).selectFrom('status_collector').select('cloud_last_replication_at').executeTakeFirst();
    expect(status?.cloud_last_replication_at).toBeInstanceOf(Date);
    const connection = await test.database.db.selectFrom('client_entra').select(['collection_status', 'collection_message']).where('client_fk', '=', clientId).executeTakeFirstOrThrow();
    expect(connection).toEqual({ collection_status: 'ok', collection_message: expect.stringMatching(/^5 Benutzer, 1 Gruppen, 1 Dienstprinzipale erfasst; nicht lesbar ohne Policy\.Read\.All/) });

    const states = await waitFor(async () => {
      const answer = (await call('GET', `/client/${clientId}/ioe/states`)).json() as { entraConnected: boolean; ioe: { ioeType: string; skippedReason: string | null; directory: string }[] };
      // The checks run after the snapshot is stored (their own transaction): wait until the Entra ones have results.
      const evaluated = answer.ioe.some((item) => item.directory === 'entra' && item.skippedReason === null) && answer.ioe.some((item) => item.directory === 'entra' && item.skippedReason !== null);
      return evaluated ? answer : null;
    });
    // The dashboard's "Verbunden" for Entra ID.
    expect(states.entraConnected).toBe(true);
    const legacy = states.ioe.find((item) => item.ioeType === 'entra-legacy-authentication-allowed');
    expect(legacy?.skippedReason).toBe('Nicht geprüft: der App fehlt die Berechtigung Policy.Read.All.');
  });

  const explore = async (kind: string) => {
    const response = await test.app.inject({
      method: 'POST',
      url: GRAPHQL_PATH,
      headers: { ...(await test.headersFor('serviceprovider', providerId)), 'content-type': 'application/json' },
      payload: { query: `query ($id: ID!, $kind: ExplorerObjectKind!) { explorer(clientId: $id, kind: $kind) { domain total objects { name distinguishedName privileged memberOf members } } }`, variables: { id: clientId, kind } },
    });
    return response.json().data.explorer as { domain: string; total: number; objects: { name: string; distinguishedName: string; privileged: boolean; memberOf: string[]; members: string[] }[] };
  };

  it('lets the explorer browse Entra users, roles and apps', async () => {
    const users = await explore('entraUser');
    expect(users.domain).toBe('kunde.de');
    expect(users.total).toBe(5);
    expect(users.objects.find((user) => user.name === 'Anna Schmidt')).toMatchObject({ distinguishedName: 'anna@kunde.de', privileged: true, memberOf: ['IT-Administration', 'Rolle: Global Administrator'] });
    const roles = await explore('entraRole');
    expect(roles.objects).toEqual([expect.objectContaining({ name: 'Global Administrator', members: ['Anna Schmidt', 'Notfall Admin'] })]);
    const apps = await explore('entraApp');
    expect(apps.objects).toEqual([expect.objectContaining({ name: 'Lohnbuchhaltung Sync', privileged: true })]);
  });

  it('collects again on "Jetzt neu auswerten" and records what changed in the tenant as Entra changes', async () => {
    // The tenant changes between the two collections: Ben is disabled and joins the admin group, the payroll app's
    // owner is removed and a new guest appears. Guest invitations are restricted too, but the app may not read that
    // policy (Policy.Read.All missing), so it is no change to record.
    const ben = entra.tenant.users.find((user) => user.id === FAKE_IDS.u2);
    if (ben) ben.accountEnabled = false;
    entra.tenant.groupMembers[FAKE_IDS.g1]?.push(FAKE_IDS.u2);
    entra.tenant.appOwners[FAKE_IDS.a1] = [];
    entra.tenant.authorizationPolicy.allowInvitesFrom = 'adminsAndGuestInviters';
    entra.tenant.users.push({ id: '00000000-0000-4000-8000-0000000000a6', displayName: 'Neuer Gast', userPrincipalName: 'neu_extern.de#EXT#@kunde.onmicrosoft.com', accountEnabled: true, userType: 'Guest' });

    await call('POST', `/client/${clientId}/audit/rescan`);
    await waitFor(async () => ((await clientDb(test.database.db, clientId).selectFrom('entra_snapshot').select('entra_snapshot_id_pk').execute()).length >= 2 ? true : null));

    const response = await test.app.inject({
      method: 'POST',
      url: GRAPHQL_PATH,
      headers: { ...(await test.headersFor('serviceprovider', providerId)), 'content-type': 'application/json' },
      payload: { query: 'query ($id: ID!) { changes(clientId: $id, first: 50) { nodes { objectGuid objectClass distinguishedName propertyName oldValue newValue directory } } }', variables: { id: clientId } },
    });
    const changes = (response.json().data.changes.nodes as Record<string, string | null>[]).map(({ objectGuid: _guid, ...change }) => change);
    const entraChange = (objectClass: string, distinguishedName: string, propertyName: string, oldValue: string | null, newValue: string | null) => ({ objectClass, distinguishedName, propertyName, oldValue, newValue, directory: 'entra' });
    expect(changes).toEqual(
      expect.arrayContaining([
        entraChange('user', 'ben@kunde.de', 'accountEnabled', 'true', 'false'),
        entraChange('group', 'IT-Administration', 'member', null, 'ben@kunde.de'),
        entraChange('application', 'Lohnbuchhaltung Sync', 'owner', 'ben@kunde.de', null),
        entraChange('user', 'neu_extern.de#EXT#@kunde.onmicrosoft.com', 'object', null, 'vorhanden'),
      ]),
    );
    expect(changes).toHaveLength(4);
    // The explorer keeps a collection's lists: the new collection is what it shows now.
    const users = await explore('entraUser');
    expect(users.total).toBe(6);
    expect(users.objects.find((user) => user.distinguishedName === 'ben@kunde.de')?.memberOf).toContain('IT-Administration');
  });
});
