import type { ProviderOverview } from '@burgwall/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { insertProvider } from '../../../../test-support/tenants';
import { createClient } from '../clients/create-client';
import { clientDb } from '../db/client-db';
import type { Db } from '../db/database';

// The provider's morning overview on real PostgreSQL: score history and collector times reach the global copies through
// the clients' own tables (triggers), and another provider's clients never appear.

let test: TestApp;
let db: Db;
let providerId: string;
let otherProviderId: string;
const ids = { anton: '', berta: '', caesar: '', audit: '', fremd: '' };
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 60 * 60 * 1000);

/** Score points as an evaluation writes them (into the client's own score_history), and the client's current score. */
async function history(clientId: string, points: { score: number; critical?: number | null; hoursAgo: number }[]) {
  await clientDb(db, clientId)
    .insertInto('score_history')
    .values(points.map((point) => ({ snapshot_fk: null, score: point.score, grade: '-', open_findings: 1, open_critical_findings: point.critical ?? null, computed_at: hoursAgo(point.hoursAgo) })))
    .execute();
  const latest = points.at(-1);
  if (latest) await db.updateTable('client').set({ client_security_score: latest.score }).where('client_id_pk', '=', clientId).execute();
}

async function ioa(clientId: string, id: number, title: string, at: Date) {
  await db
    .insertInto('ioa_event_index')
    .values({ client_fk: clientId, ioa_event_fk: String(id), detector: 'test', severity: 'high', title, distinguished_name: `CN=${title}`, occurred_at: at })
    .execute();
}

beforeAll(async () => {
  test = await createTestApp();
  db = test.services.db;
  providerId = await insertProvider(db, 'Morgen-IT GmbH');
  otherProviderId = await insertProvider(db, 'Fremd-IT GmbH');
  const client = (name: string, owner = providerId, mode: 'monitoring' | 'audit' = 'monitoring') =>
    createClient(db, { serviceproviderId: owner, name, employeeCount: 10, mode });
  ids.anton = await client('Anton AG');
  ids.berta = await client('Berta GmbH');
  ids.caesar = await client('Cäsar KG');
  ids.audit = await client('Audit-Kunde', providerId, 'audit');
  ids.fremd = await client('Fremdkunde SE', otherProviderId);

  // Anton: 90 eight days ago, 78 now (a drop of 12), no critical findings; its collector went silent six hours ago.
  await history(ids.anton, [
    { score: 90, critical: 0, hoursAgo: 8 * 24 },
    { score: 84, critical: 0, hoursAgo: 3 * 24 },
    { score: 78, critical: 0, hoursAgo: 1 },
  ]);
  await clientDb(db, ids.anton).updateTable('status_collector').set({ last_data_at: hoursAgo(6), last_replication_at: null, updated_at: sql<Date>`now()` }).execute();
  // Berta: steady at 65 with two open critical findings; its collector reports.
  await history(ids.berta, [
    { score: 64, critical: 2, hoursAgo: 9 * 24 },
    { score: 65, critical: 2, hoursAgo: 2 },
  ]);
  await clientDb(db, ids.berta).updateTable('status_collector').set({ last_data_at: hoursAgo(1), updated_at: sql<Date>`now()` }).execute();
  // Cäsar: no evaluation yet. The audit client and the foreign client would be at risk, but do not belong here.
  await history(ids.audit, [{ score: 40, critical: 5, hoursAgo: 1 }]);
  await history(ids.fremd, [
    { score: 95, critical: 0, hoursAgo: 8 * 24 },
    { score: 30, critical: 4, hoursAgo: 1 },
  ]);
  await clientDb(db, ids.fremd).updateTable('status_collector').set({ last_data_at: hoursAgo(30), updated_at: sql<Date>`now()` }).execute();

  await ioa(ids.anton, 1, 'Neuer Domänen-Admin', hoursAgo(2));
  await ioa(ids.berta, 1, 'DCSync-Recht vergeben', hoursAgo(20));
  await ioa(ids.anton, 2, 'Gestern vorgestern', hoursAgo(30));
  await ioa(ids.fremd, 1, 'Fremder Angriff', hoursAgo(1));
});
afterAll(() => test.close());

async function overview(role: 'serviceprovider' | 'admin', orgId: string | null, provider = providerId) {
  const response = await test.app.inject({ method: 'GET', url: `/serviceprovider/${provider}/overview`, headers: await test.headersFor(role, orgId) });
  return response;
}

describe('GET /serviceprovider/{id}/overview', () => {
  it('summarises the monitored clients: average and last week’s, grades, clients at risk, silent collectors, the day’s IoAs', async () => {
    const response = await overview('serviceprovider', providerId);
    expect(response.statusCode).toBe(200);
    const body = response.json() as ProviderOverview;
    expect(body).toMatchObject({ clientCount: 3, scoredCount: 2, averageScore: 72, averageScoreLastWeek: 77 });
    expect(body.byGrade).toEqual([
      { grade: 'A', count: 0 },
      { grade: 'B', count: 0 },
      { grade: 'C', count: 2 },
      { grade: 'D', count: 0 },
      { grade: 'F', count: 0 },
      { grade: '-', count: 1 },
    ]);
    // Open critical findings first, then the biggest drop.
    expect(body.atRisk).toEqual([
      { clientId: ids.berta, name: 'Berta GmbH', score: 65, scoreLastWeek: 64, openCriticalFindings: 2 },
      { clientId: ids.anton, name: 'Anton AG', score: 78, scoreLastWeek: 90, openCriticalFindings: 0 },
    ]);
    expect(body.collectorsOffline).toEqual([{ clientId: ids.anton, name: 'Anton AG', lastContactAt: expect.any(String) as string }]);
    expect(Date.parse(body.collectorsOffline[0]?.lastContactAt ?? '')).toBeLessThan(hoursAgo(5.9).getTime());
    expect(body.newIoas.count).toBe(2);
    expect(body.newIoas.latest.map((item) => [item.name, item.title])).toEqual([
      ['Anton AG', 'Neuer Domänen-Admin'],
      ['Berta GmbH', 'DCSync-Recht vergeben'],
    ]);
    expect(JSON.stringify(body)).not.toMatch(/Fremd|Audit-Kunde/);
  });

  it('answers an admin for any provider and refuses another provider’s users (the same 404 as an unknown one)', async () => {
    expect((await overview('admin', null)).json()).toMatchObject({ clientCount: 3 });
    const foreign = await overview('serviceprovider', otherProviderId);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain('Anton');
    const own = (await overview('serviceprovider', otherProviderId, otherProviderId)).json() as ProviderOverview;
    expect(own).toMatchObject({ clientCount: 1, atRisk: [{ name: 'Fremdkunde SE', openCriticalFindings: 4 }], newIoas: { count: 1 } });
    expect(JSON.stringify(own)).not.toMatch(/Anton|Berta/);
  });

  it('keeps the global copy of the history in step with the client’s own table', async () => {
    const copied = await db.selectFrom('client_score_history').select(['score', 'open_critical_findings']).where('client_fk', '=', ids.anton).orderBy('computed_at').execute();
    expect(copied).toEqual([
      { score: 90, open_critical_findings: 0 },
      { score: 84, open_critical_findings: 0 },
      { score: 78, open_critical_findings: 0 },
    ]);
  });
});
