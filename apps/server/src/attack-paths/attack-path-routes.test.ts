import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AttackPathAnswer, AttackPathsAnswer } from '@burgwall/shared';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { seedDemoData } from '../demo/seed';
import { waitForJobs } from '../../../../test-support/jobs';
import { saveChanges } from '../changes/change-store';
import { clientDb } from '../db/client-db';
import { requestIoaEvaluation } from '../ioe/evaluation-jobs';

let test: TestApp;
const clients: Record<string, string> = {};

beforeAll(async () => {
  test = await createTestApp();
  await seedDemoData(test.database.db, { snapshots: true });
  for (const row of await test.database.db.selectFrom('client').select(['client_id_pk', 'client_name']).execute()) clients[row.client_name] = row.client_id_pk;
}, 120_000);
afterAll(() => test.close());

async function get<T>(clientName: string, url: string) {
  const clientId = clients[clientName] as string;
  const response = await test.app.inject({ method: 'GET', url: `/client/${clientId}${url}`, headers: await test.headersFor('client', clientId) });
  return { status: response.statusCode, body: response.json() as T };
}

describe('attack paths of the demo clients', () => {
  it('shows the helpdesk chain of Stadtwerke Nordheim with its best cut', async () => {
    const { status, body } = await get<AttackPathsAnswer>('Stadtwerke Nordheim', '/attack-paths');
    expect(status).toBe(200);
    expect(body.nodeCount).toBeGreaterThan(1000);
    expect(body.principals.map((p) => [p.principal.name, p.length])).toEqual([
      ['APP01$', 1],
      ['IT-Administration', 1],
      ['it-support', 2],
      ['Helpdesk', 3],
      ['mitarbeiter011', 4],
      ['mitarbeiter012', 4],
      ['mitarbeiter013', 4],
    ]);
    expect(body.principalCount).toBe(7);
    expect(body.shortestLength).toBe(1);
    expect(body.cuts[0]).toMatchObject({ step: { from: { name: 'IT-Administration' }, type: 'GenericAll', to: { name: 'Domain Admins' } }, disconnects: 6 });
  });

  it('answers one path step by step, and 404 for an object without a path', async () => {
    const summary = (await get<AttackPathsAnswer>('Stadtwerke Nordheim', '/attack-paths?search=mitarbeiter012')).body;
    expect(summary.principals).toHaveLength(1);
    const objectKey = summary.principals[0]!.principal.objectKey;
    const { status, body } = await get<AttackPathAnswer>('Stadtwerke Nordheim', `/attack-paths/path?objectKey=${objectKey}`);
    expect(status).toBe(200);
    expect(body.steps.map((s) => `${s.from.name} ${s.label} ${s.to.name}`)).toEqual([
      'mitarbeiter012 ist Mitglied von Helpdesk',
      'Helpdesk darf das Kennwort zurücksetzen von it-support',
      'it-support ist Mitglied von IT-Administration',
      'IT-Administration hat Vollzugriff auf Domain Admins',
    ]);
    const none = await get<{ detail: string }>('Müller Maschinenbau AG', `/attack-paths/path?objectKey=${objectKey}`);
    expect(none.status).toBe(404);
    expect(none.body.detail).toBe('Für dieses Objekt gibt es keinen Pfad zu Tier 0.');
  });

  it('a clean demo client has no path', async () => {
    const { body } = await get<AttackPathsAnswer>('Bäckerei Sonnenschein', '/attack-paths');
    expect(body.principalCount).toBe(0);
    expect(body.cuts).toEqual([]);
  });

  it('raises the IoA „Neuer Angriffspfad zu Tier 0“ when an account joins the helpdesk group', async () => {
    const clientId = clients['Stadtwerke Nordheim'] as string;
    const db = test.database.db;
    const helpdesk = 'CN=Helpdesk,CN=Users,DC=swn,DC=intern';
    const members = ['mitarbeiter011', 'mitarbeiter012', 'mitarbeiter013'].map((name) => `CN=${name},OU=Mitarbeiter,DC=swn,DC=intern`);
    const { changeIds } = await saveChanges(db, clientId, [
      {
        objectGuid: '00000003-0000-4000-8000-00000000f001',
        objectClass: 'group',
        distinguishedName: helpdesk,
        propertyName: 'member',
        oldValue: members.join('\n'),
        newValue: [...members, 'CN=mitarbeiter100,OU=Mitarbeiter,DC=swn,DC=intern'].join('\n'),
        timestamp: new Date().toISOString(),
        usn: 900_001,
      },
    ]);
    await db.transaction().execute((trx) => requestIoaEvaluation(test.services.jobs, trx, clientId, changeIds));
    await waitForJobs(db, ['ioa-evaluate']);
    const events = await clientDb(db, clientId).selectFrom('ioa_event').select(['detector', 'title']).where('detector', '=', 'attack-path-created').execute();
    expect(events).toEqual([{ detector: 'attack-path-created', title: 'mitarbeiter100 hat über „Helpdesk“ einen Pfad zu Tier 0 (4 Schritte)' }]);
  });
});
