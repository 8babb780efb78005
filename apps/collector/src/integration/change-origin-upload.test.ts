import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AttributeChange } from '@burgwall/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueCollectorKey } from '../../../server/src/collector/collector-keys';
import { clientDb } from '../../../server/src/db/client-db';
import { GRAPHQL_PATH } from '../../../server/src/graphql/register-graphql';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { insertProviderWithClient } from '../../../../test-support/tenants';
import { withReplicationTimes } from '../changes/replication-times';
import { COLLECTOR_VERSION } from '../collector-version';
import type { LdapSession } from '../ldap/ldap-session';
import { ApiClient } from '../upload/api-client';
import { Spool } from '../upload/spool';
import { closeServedTestApp } from './close-test-app';

// Collector → server round trip of a change's replication metadata: the collector's own code (replication times,
// spool, upload client) sends a change to a real server over HTTP, which stores its originating DC and version and
// answers them in the change history. The DC's answer is the XML of AD's msDS-ReplAttributeMetaData (Samba's DC does
// not return that constructed attribute, so the lab cannot provide it).

const APP_PORT = 3463;
const DN = 'CN=Eve,CN=Users,DC=lab,DC=example';
const DSA = 'CN=NTDS Settings,CN=DC2,CN=Servers,CN=Default-First-Site-Name,CN=Sites,CN=Configuration,DC=lab,DC=example';
const METADATA = `<DS_REPL_ATTR_META_DATA><pszAttributeName>description</pszAttributeName><dwVersion>4</dwVersion><ftimeLastOriginatingChange>2026-11-25T19:00:01Z</ftimeLastOriginatingChange><uuidLastOriginatingDsaInvocationID>6b1c0f0e-0000-4000-8000-000000000001</uuidLastOriginatingDsaInvocationID><usnOriginatingChange>4711</usnOriginatingChange><usnLocalChange>4711</usnLocalChange><pszLastOriginatingDsaDN>${DSA}</pszLastOriginatingDsaDN></DS_REPL_ATTR_META_DATA>`;

let testApp: TestApp;
let work: string;

beforeAll(async () => {
  testApp = await createTestApp();
  await testApp.app.listen({ port: APP_PORT, host: '127.0.0.1' });
  work = await mkdtemp(path.join(tmpdir(), 'burgwall-origin-'));
}, 60_000);

afterAll(async () => {
  await closeServedTestApp(testApp);
  if (work) await rm(work, { recursive: true, force: true });
});

describe('originating DC and version from the collector to the change history', () => {
  it('uploads them with the change, the server stores and answers them', async () => {
    const { clientId } = await insertProviderWithClient(testApp.services.db, { name: 'Ursprung GmbH' });
    const apiKey = (await issueCollectorKey(testApp.services.db, clientId)).key;
    const api = new ApiClient({ serverUrl: `http://127.0.0.1:${APP_PORT}`, clientId, apiKey, collectorVersion: COLLECTOR_VERSION, machineCode: 'origin-01' });
    const session = { read: async (base: string) => (base === DN ? { strings: (name: string) => (name === 'msDS-ReplAttributeMetaData' ? [METADATA] : []) } : null) } as unknown as LdapSession;
    const read: AttributeChange = {
      objectGuid: '6f1c2a47-52a4-4d3c-9a55-0c7e9b3f1a01',
      objectClass: 'user',
      distinguishedName: DN,
      propertyName: 'description',
      oldValue: 'alt',
      newValue: 'Ursprung',
      timestamp: '2026-11-25T19:00:40.000Z',
      usn: 4711,
    };
    const changes = await withReplicationTimes(session, [read]);
    const spool = new Spool(work);
    await spool.addChanges(changes, null, 5000);
    const flushed = await spool.flush(api, { retries: 0 });
    expect(flushed.pending).toBe(0);

    const rows = await clientDb(testApp.services.db, clientId).selectFrom('change').select(['timestamp', 'originating_dsa', 'attribute_version']).execute();
    expect(rows).toEqual([{ timestamp: new Date('2026-11-25T19:00:01Z'), originating_dsa: DSA, attribute_version: 4 }]);
    const response = await testApp.app.inject({
      method: 'POST',
      url: GRAPHQL_PATH,
      headers: { ...(await testApp.headersFor('client', clientId)), 'content-type': 'application/json' },
      payload: { query: 'query ($id: ID!) { changes(clientId: $id, first: 10) { nodes { propertyName originatingDsa version } } }', variables: { id: clientId } },
    });
    expect(response.json().data.changes.nodes).toEqual([{ propertyName: 'description', originatingDsa: DSA, version: 4 }]);
  }, 60_000);
});
