import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { insertProvider } from '../../../../test-support/tenants';
import { seedDemoData } from '../demo/seed';
import { loadIoeStates } from '../ioe/ioe-states';
import { loadCrossTenantFindings } from './cross-tenant-findings';

let test: TestApp;
let providerA: string;
let providerB: string;
const clients: Record<string, string> = {};

type Answer = { findings: Array<{ serviceproviderId: string; clientId: string; check: string; criticality: string; findingsCount: number }>; clients: unknown[]; checks: unknown[] };

beforeAll(async () => {
  test = await createTestApp();
  // The demo's evaluated clients; one of them moves to a second provider, so findings of two providers exist.
  ({ providerId: providerA } = await seedDemoData(test.database.db, { snapshots: true }));
  providerB = await insertProvider(test.database.db, 'Zweiter Anbieter GmbH');
  for (const row of await test.database.db.selectFrom('client').select(['client_id_pk', 'client_name']).execute()) clients[row.client_name] = row.client_id_pk;
  await test.database.db.updateTable('client').set({ serviceprovider_fk: providerB }).where('client_id_pk', '=', clients['Müller Maschinenbau AG'] as string).execute();
}, 120_000);
afterAll(() => test.close());

async function findings(query = '', role: 'admin' | 'serviceprovider' = 'admin') {
  const response = await test.app.inject({ method: 'GET', url: `/admin/findings${query}`, headers: await test.headersFor(role, role === 'admin' ? null : providerA) });
  return { status: response.statusCode, body: response.json() as Answer };
}

describe('/admin/findings: findings of all clients across providers', () => {
  it('lists open findings of both providers’ clients, most critical first', async () => {
    const { status, body } = await findings();
    expect(status).toBe(200);
    const providers = new Set(body.findings.map((f) => f.serviceproviderId));
    expect(providers).toEqual(new Set([providerA, providerB]));
    expect(body.findings.every((f) => f.findingsCount > 0)).toBe(true);
    const order = ['critical', 'high', 'medium', 'low'];
    const ranks = body.findings.map((f) => order.indexOf(f.criticality));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(body.clients.length).toBe(Object.keys(clients).length);
    expect(body.checks.length).toBeGreaterThan(10);
  });

  it('filters by provider, client, check and criticality', async () => {
    const byProvider = await findings(`?serviceproviderUUID=${providerB}`);
    expect(byProvider.body.findings.length).toBeGreaterThan(0);
    expect(byProvider.body.findings.every((f) => f.clientId === clients['Müller Maschinenbau AG'])).toBe(true);

    const other = Object.values(clients).find((id) => id !== clients['Müller Maschinenbau AG']) as string;
    const byClient = await findings(`?clientUUID=${other}`);
    expect(byClient.body.findings.length).toBeGreaterThan(0);
    expect(byClient.body.findings.every((f) => f.clientId === other && f.serviceproviderId === providerA)).toBe(true);

    const all = (await findings()).body.findings;
    const check = all[0]?.check as string;
    const byCheck = await findings(`?check=${encodeURIComponent(check)}`);
    expect(byCheck.body.findings.map((f) => f.check)).toEqual(all.filter((f) => f.check === check).map((f) => f.check));

    const high = await findings('?criticality=high');
    expect(high.body.findings).toEqual(all.filter((f) => f.criticality === 'high'));
  });

  it('refuses bad filters in German and non-admins', async () => {
    const bad = await findings('?criticality=egal&clientUUID=nein');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('Die ID muss eine gültige UUID sein.');
    const provider = await findings('', 'serviceprovider');
    expect(provider.status).toBe(403);
  });

  it('reads the clients in batches of schemas and gives what each client’s own IoE states say', async () => {
    const db = test.database.db;
    // One client per query: every batch boundary is crossed, the answer must not change.
    const batched = await loadCrossTenantFindings(db, {}, 1);
    const whole = await loadCrossTenantFindings(db, {});
    expect(batched.findings).toEqual(whole.findings);
    for (const clientId of Object.values(clients)) {
      const states = await loadIoeStates(db, clientId);
      const expected = states.ioe
        .filter((ioe) => ioe.isActive && ioe.totalFindingsCount > 0)
        .map((ioe) => ({ check: ioe.ioeType, criticality: ioe.criticality, findingsCount: ioe.totalFindingsCount, exceptionsCount: ioe.totalExceptionsCount }))
        .sort((a, b) => a.check.localeCompare(b.check));
      const listed = whole.findings
        .filter((row) => row.clientId === clientId)
        .map((row) => ({ check: row.check, criticality: row.criticality, findingsCount: row.findingsCount, exceptionsCount: row.exceptionsCount }))
        .sort((a, b) => a.check.localeCompare(b.check));
      expect(listed).toEqual(expected);
    }
  });
});
