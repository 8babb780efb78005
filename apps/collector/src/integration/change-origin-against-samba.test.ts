import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueCollectorKey } from '../../../server/src/collector/collector-keys';
import { GRAPHQL_PATH } from '../../../server/src/graphql/register-graphql';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { insertProviderWithClient } from '../../../../test-support/tenants';
import { requireDependency } from '../../../../test-support/require-dependency';
import * as L from '../../../../test-support/samba-ad/samba-lab';
import { runCycle } from '../collection-cycle';
import { COLLECTOR_VERSION } from '../collector-version';
import { parseConfig } from '../config';
import { closeServedTestApp } from './close-test-app';
import { ApiClient } from '../upload/api-client';

// Collector → server round trip of a change's replication metadata: a description changed on a real Samba AD DC
// arrives in the change history with the originating DC (its NTDS Settings DN) and the attribute's version.

const samba = requireDependency('change-origin-against-samba', L.sambaLabMissing());
const LAB_IP = '127.0.32.1';
const APP_PORT = 3462;

let lab: L.Lab;
let testApp: TestApp;
let work: string;

interface ChangeNode {
  distinguishedName: string;
  propertyName: string;
  newValue: string | null;
  originatingDsa: string | null;
  version: number | null;
}

describe.skipIf(samba.skip)('change origin against a real Samba AD DC', () => {
  beforeAll(async () => {
    samba.assertAvailable();
    lab = await L.startLab(LAB_IP, 'samba-issue-14-origin-');
    testApp = await createTestApp();
    await testApp.app.listen({ port: APP_PORT, host: '127.0.0.1' });
  }, 300_000);

  afterAll(async () => {
    await L.stopLab(lab);
    await closeServedTestApp(testApp);
    if (work) await rm(work, { recursive: true, force: true });
  }, 180_000);

  it('uploads the originating DC and version of a change and the change history shows them', async () => {
    const { clientId } = await insertProviderWithClient(testApp.services.db, { name: 'Ursprung GmbH' });
    const apiKey = (await issueCollectorKey(testApp.services.db, clientId)).key;
    work = await mkdtemp(path.join(tmpdir(), 'burgwall-origin-'));
    const config = await parseConfig(
      { serverUrl: `http://127.0.0.1:${APP_PORT}`, clientId, apiKey, ldap: { url: `ldap://${lab.ip}`, bindDn: lab.bindUpn, password: lab.password }, sysvol: { mode: 'none' }, stateDir: './state' },
      work,
      {},
    );
    const api = new ApiClient({ serverUrl: config.serverUrl, clientId, apiKey, collectorVersion: COLLECTOR_VERSION, machineCode: 'origin-lab-01' });
    await api.request('POST', 'license/activate', {});
    await runCycle(config, api, { full: true });
    const marker = `Ursprung ${Date.now()}`;
    await L.ldapModify(lab, `dn: CN=Administrator,CN=Users,${lab.baseDn}\nchangetype: modify\nreplace: description\ndescription: ${marker}\n`);
    const cycle = await runCycle(config, api, {});
    expect(cycle.kind).toBe('incremental');
    expect(cycle.upload.pending).toBe(0);

    const response = await testApp.app.inject({
      method: 'POST',
      url: GRAPHQL_PATH,
      headers: { ...(await testApp.headersFor('client', clientId)), 'content-type': 'application/json' },
      payload: {
        query: 'query ($id: ID!) { changes(clientId: $id, filter: { propertyName: "description" }, first: 50) { nodes { distinguishedName propertyName newValue originatingDsa version } } }',
        variables: { id: clientId },
      },
    });
    const nodes = (response.json() as { data: { changes: { nodes: ChangeNode[] } } }).data.changes.nodes;
    const change = nodes.find((node) => node.newValue?.includes(marker));
    expect(change, JSON.stringify(nodes)).toBeDefined();
    expect(change?.originatingDsa).toMatch(/^CN=NTDS Settings,CN=[^,]+,CN=Servers,/i);
    expect(change?.version).toBeGreaterThanOrEqual(1);
  }, 300_000);
});
