import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AttackPathAnswer, AttackPathsAnswer, Tier0ExtrasAnswer } from '@burgwall/shared';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { seedDemoData } from '../demo/seed';
import { waitForJobs } from '../../../../test-support/jobs';
import { saveChanges } from '../changes/change-store';
import { clientDb } from '../db/client-db';
import { IOE_EVALUATION_JOB, requestIoaEvaluation } from '../ioe/evaluation-jobs';
import { applyChangedObjects } from '../snapshots/apply-changed-objects';
import { latestSnapshot } from '../snapshots/snapshot-store';

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

describe('extra Tier-0 objects of a client', () => {
  const send = async (method: 'POST' | 'DELETE', clientName: string, url: string, payload?: object) => {
    const clientId = clients[clientName] as string;
    const response = await test.app.inject({ method, url: `/client/${clientId}${url}`, headers: await test.headersFor('client', clientId), ...(payload ? { payload } : {}) });
    return { status: response.statusCode, body: response.json() as { message?: string; detail?: string } };
  };
  const pathFindings = async (clientName: string) =>
    (
      await clientDb(test.database.db, clients[clientName] as string)
        .selectFrom('finding')
        .innerJoin('ioe', 'ioe.ioe_id_pk', 'finding.ioe_fk')
        .select('finding.object_name')
        .where('ioe.ioe_type', '=', 'attack-path-to-tier0')
        .orderBy('finding.object_name')
        .execute()
    ).map((row) => row.object_name);

  it('marks a group as Tier 0: its members join Tier 0, the page and the check follow, and unmarking restores both', async () => {
    await send('POST', 'Stadtwerke Nordheim', '/audit/rescan');
    expect(await pathFindings('Stadtwerke Nordheim')).toEqual(['APP01$', 'Helpdesk', 'IT-Administration', 'it-support', 'mitarbeiter011', 'mitarbeiter012', 'mitarbeiter013']);

    const added = await send('POST', 'Stadtwerke Nordheim', '/attack-paths/tier0', { object: 'CN=Helpdesk,CN=Users,DC=swn,DC=intern' });
    expect(added).toMatchObject({ status: 201, body: { message: '„Helpdesk“ zählt jetzt als Tier 0. Die Prüfungen werden neu ausgewertet.' } });
    const listed = (await get<Tier0ExtrasAnswer>('Stadtwerke Nordheim', '/attack-paths/tier0')).body.objects;
    expect(listed).toMatchObject([{ name: 'Helpdesk', kind: 'group', distinguishedName: 'CN=Helpdesk,CN=Users,DC=swn,DC=intern', addedBy: expect.any(String), inSnapshot: true }]);

    // The helpdesk's members are now Tier 0 by membership; who can reach the helpdesk still has a path.
    const summary = (await get<AttackPathsAnswer>('Stadtwerke Nordheim', '/attack-paths')).body;
    expect(summary.principals.map((p) => p.principal.name)).toEqual(['APP01$', 'IT-Administration', 'it-support']);
    await waitForJobs(test.database.db, [IOE_EVALUATION_JOB]);
    expect(await pathFindings('Stadtwerke Nordheim')).toEqual(['APP01$', 'IT-Administration', 'it-support']);

    const again = await send('POST', 'Stadtwerke Nordheim', '/attack-paths/tier0', { object: 'helpdesk' });
    expect(again).toMatchObject({ status: 409, body: { detail: '„Helpdesk“ ist bereits als Tier 0 markiert.' } });

    const removed = await send('DELETE', 'Stadtwerke Nordheim', `/attack-paths/tier0/${listed[0]!.objectKey}`);
    expect(removed).toMatchObject({ status: 200, body: { message: '„Helpdesk“ zählt nicht mehr als zusätzliches Tier-0-Objekt.' } });
    await waitForJobs(test.database.db, [IOE_EVALUATION_JOB]);
    expect(await pathFindings('Stadtwerke Nordheim')).toHaveLength(7);
    expect((await get<AttackPathsAnswer>('Stadtwerke Nordheim', '/attack-paths')).body.principalCount).toBe(7);
    expect((await send('DELETE', 'Stadtwerke Nordheim', `/attack-paths/tier0/${listed[0]!.objectKey}`)).status).toBe(404);
  });

  it('refuses an object the newest snapshot does not have, with a German reason, and stores nothing', async () => {
    const unknown = await send('POST', 'Stadtwerke Nordheim', '/attack-paths/tier0', { object: 'gibt-es-nicht' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.detail).toBe(
      'Im neuesten Snapshot gibt es kein Konto, keinen Computer, keine Gruppe, OU oder GPO „gibt-es-nicht“. Geben Sie den Anmeldenamen, den Distinguished Name, die SID oder die objectGUID an.',
    );
    const empty = await send('POST', 'Stadtwerke Nordheim', '/attack-paths/tier0', { object: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.detail).toContain('Bitte geben Sie ein Objekt an');
    expect((await get<Tier0ExtrasAnswer>('Stadtwerke Nordheim', '/attack-paths/tier0')).body.objects).toEqual([]);
  });
});

describe('after a change batch', () => {
  it('the paths follow the changes applied to the stored directory (the analysis of the snapshot before them is not reused)', async () => {
    const clientId = clients['Stadtwerke Nordheim'] as string;
    expect((await get<AttackPathsAnswer>('Stadtwerke Nordheim', '/attack-paths')).body.principalCount).toBe(7);
    const stored = await latestSnapshot(test.database.db, clientId);
    const helpdesk = stored?.snapshot.groups.find((group) => group.sAMAccountName === 'Helpdesk');
    if (!helpdesk) throw new Error('demo client without helpdesk');
    const members = helpdesk.members.filter((dn) => !dn.startsWith('CN=mitarbeiter013,'));
    expect(members).toHaveLength(helpdesk.members.length - 1);
    await test.database.db.transaction().execute((trx) =>
      applyChangedObjects(trx, clientId, { users: [], computers: [], groups: [{ ...helpdesk, members, usnChanged: helpdesk.usnChanged + 1 }], organizationalUnits: [], trusts: [], passwordSettings: [] }, []),
    );
    const after = (await get<AttackPathsAnswer>('Stadtwerke Nordheim', '/attack-paths')).body;
    expect(after.principals.map((p) => p.principal.name)).toEqual(['APP01$', 'IT-Administration', 'it-support', 'Helpdesk', 'mitarbeiter011', 'mitarbeiter012']);
  });
});
