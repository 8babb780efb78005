import { cleanSnapshot, group, sid, user } from '@burgwall/checks/testing';
import { DIRECTORY_OBJECT_KINDS, type Snapshot, snapshotSchema } from '@burgwall/shared';
import { sql, type Transaction } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../test-support/test-database';
import { insertProviderWithClient } from '../../../../test-support/tenants';
import { CHANGED_OBJECTS_PART, loadSnapshot } from '../snapshots/snapshot-store';
import { clientDb } from './client-db';
import { clientSchemaName } from './client-schema';
import { migrateClientSchema, migrateClients } from './migrator';

// Issue 15: migration 0300 turns an existing client's data — snapshots holding their lists as one jsonb value, plus
// issue 14's patches of the newest one — into directory_object rows. A client schema as version 0290 left it, filled
// the way that version stored data, then migrated. Real PostgreSQL.

let test: TestDatabase;
let clientId: string;
let schema: string;

const anna = user({ sAMAccountName: 'anna', usnChanged: 100 });
const bernd = user({ sAMAccountName: 'bernd', usnChanged: 100 });
const helpdesk = group({ sAMAccountName: 'helpdesk', objectSid: sid(4100), usnChanged: 100, members: [anna.distinguishedName] });
const vertrieb = group({ sAMAccountName: 'vertrieb', objectSid: sid(4101), usnChanged: 100, members: [anna.distinguishedName, bernd.distinguishedName] });
anna.memberOf.push(helpdesk.distinguishedName, vertrieb.distinguishedName);
bernd.memberOf.push(vertrieb.distinguishedName);
const base = cleanSnapshot();
const older: Snapshot = { ...base, collectedAt: '2026-11-24T08:00:00.000Z', users: [...base.users, anna] };
const newest: Snapshot = {
  ...base,
  collectedAt: '2026-11-25T08:00:00.000Z',
  domain: { ...base.domain, netbiosName: 'TEST', dsHeuristics: '0000002', machineAccountQuota: 10 },
  users: [...base.users, anna, bernd],
  groups: [...base.groups, helpdesk, vertrieb],
};

// Issue 14's patches: bernd changed, anna deleted, carla created, helpdesk now has bernd instead of anna, the head's
// quota changed (its patch has no NetBIOS name: only a full read knows it).
const changedBernd = { ...bernd, description: 'Vertrieb', usnChanged: 150 };
const carla = user({ sAMAccountName: 'carla', usnChanged: 160 });
const changedHelpdesk = { ...helpdesk, members: [bernd.distinguishedName], usnChanged: 170 };
const { netbiosName: _netbios, dsHeuristics: _heuristics, ...head } = newest.domain;

async function insertSnapshot(batchId: string, snapshot: Snapshot): Promise<string> {
  const row = await sql<{ snapshot_id_pk: string }>`
    INSERT INTO ${sql.id(schema, 'snapshot')} (batch_id, collected_at, collector_version, highest_usn, data)
    VALUES (${batchId}, ${snapshot.collectedAt}, ${snapshot.collectorVersion}, ${snapshot.highestUsn}, ${JSON.stringify(snapshot)}::jsonb)
    RETURNING snapshot_id_pk`.execute(test.db);
  return row.rows[0]?.snapshot_id_pk as string;
}
const insertPatch = (snapshotId: string, objectGuid: string, kind: string, object: unknown, usn: number) =>
  sql`INSERT INTO ${sql.id(schema, 'directory_patch')} (snapshot_fk, object_guid, object_kind, object, usn)
    VALUES (${snapshotId}, ${objectGuid}, ${kind}, ${object === null ? null : JSON.stringify(object)}::jsonb, ${usn})`.execute(test.db);

let olderId: string;
let newestId: string;

beforeAll(async () => {
  test = await createTestDatabase();
  ({ clientId } = await insertProviderWithClient(test.db, { name: 'Altbestand GmbH' }));
  schema = clientSchemaName(clientId);
  // The client's schema as the version before issue 15 left it.
  await sql`DROP SCHEMA ${sql.id(schema)} CASCADE`.execute(test.db);
  await test.db.transaction().execute((trx) => migrateClientSchema(trx as unknown as Transaction<unknown>, clientId, '0290_score_history_summary.sql'));

  olderId = await insertSnapshot('older-batch', older);
  newestId = await insertSnapshot('newest-batch', newest);
  await insertPatch(newestId, bernd.objectGuid, 'users', changedBernd, 150);
  await insertPatch(newestId, anna.objectGuid, 'users', null, 155);
  await insertPatch(newestId, carla.objectGuid, 'users', carla, 160);
  await insertPatch(newestId, helpdesk.objectGuid, 'groups', changedHelpdesk, 170);
  await insertPatch(newestId, head.objectGuid, 'domain', { ...head, machineAccountQuota: 0 }, 180);
  // Patches left behind on a snapshot that was no longer the newest (the overlay never read those).
  await insertPatch(olderId, anna.objectGuid, 'users', { ...anna, description: 'veraltet', usnChanged: 90 }, 90);
  await insertPatch(olderId, head.objectGuid, 'domain', { ...head, machineAccountQuota: 7 }, 91);

  const report = await migrateClients(test.db, [clientId]);
  expect(report.failed).toEqual({});
  expect(report.clients[clientId]).toContain('0300_directory_object.sql');
}, 120_000);
afterAll(() => test.drop());

const names = (list: { sAMAccountName: string }[]) => list.map((entry) => entry.sAMAccountName);

describe('migration 0300 on a client with data', () => {
  it('turns the newest snapshot into rows with its patches applied, in list order', async () => {
    const snapshot = await loadSnapshot(test.db, clientId, newestId);
    if (!snapshot) throw new Error('newest snapshot not readable');
    expect(names(snapshot.users)).toEqual([...names(base.users), 'bernd', 'carla']);
    // bernd's patch knew only his membership in vertrieb; helpdesk's patch added him there too.
    expect(snapshot.users.find((entry) => entry.sAMAccountName === 'bernd')).toEqual({ ...changedBernd, memberOf: [vertrieb.distinguishedName, helpdesk.distinguishedName] });
    expect(snapshot.users.find((entry) => entry.sAMAccountName === 'carla')).toEqual(carla);
    expect(names(snapshot.groups)).toEqual(names(newest.groups));
    expect(snapshot.computers).toEqual(newest.computers);
    expect(snapshot.gpos).toEqual(newest.gpos);
    const carlaRow = await clientDb(test.db, clientId).selectFrom('directory_object').select(['part_no', 'seq', 'usn_changed', 'name']).where('object_guid', '=', carla.objectGuid).executeTakeFirstOrThrow();
    expect(carlaRow).toEqual({ part_no: CHANGED_OBJECTS_PART, seq: '160', usn_changed: '160', name: 'carla' });
  });

  it('keeps member and memberOf lists as the patches left them: a deleted user leaves them, memberOf follows a patched group', async () => {
    const snapshot = await loadSnapshot(test.db, clientId, newestId);
    expect(snapshot?.groups.find((entry) => entry.sAMAccountName === 'helpdesk')?.members).toEqual([bernd.distinguishedName]);
    expect(snapshot?.groups.find((entry) => entry.sAMAccountName === 'vertrieb')?.members).toEqual([bernd.distinguishedName]);
    const everyList = JSON.stringify([...(snapshot?.groups ?? []).map((entry) => entry.members), ...(snapshot?.users ?? []).map((entry) => entry.memberOf)]);
    expect(everyList).not.toContain(anna.distinguishedName);
  });

  it('merges the head patch into the head, which keeps what only a full read knows and holds no lists', async () => {
    const snapshot = await loadSnapshot(test.db, clientId, newestId);
    expect(snapshot?.domain).toEqual({ ...newest.domain, machineAccountQuota: 0 });
    const row = await sql<{ keys: string[] }>`SELECT array(SELECT jsonb_object_keys(data)) AS keys FROM ${sql.id(schema, 'snapshot')} WHERE snapshot_id_pk = ${newestId}`.execute(test.db);
    for (const kind of DIRECTORY_OBJECT_KINDS) expect(row.rows[0]?.keys).not.toContain(kind);
    expect(row.rows[0]?.keys).toContain('domain');
  });

  it('counts the objects per list after the patches, every list named', async () => {
    const row = await clientDb(test.db, clientId).selectFrom('snapshot').select(['object_counts', 'state', 'committed_at']).where('snapshot_id_pk', '=', newestId).executeTakeFirstOrThrow();
    expect(row.object_counts).toEqual({
      users: base.users.length + 2,
      computers: base.computers.length,
      groups: base.groups.length + 2,
      organizationalUnits: 0,
      gpos: base.gpos.length,
      trusts: 0,
      passwordSettings: 0,
    });
    expect(row.state).toBe('complete');
    expect(row.committed_at).toBeInstanceOf(Date);
  });

  it('leaves an older snapshot its data, whatever patch was left on it, and drops the patch table', async () => {
    expect(await loadSnapshot(test.db, clientId, olderId)).toEqual(snapshotSchema.parse(older));
    const row = await clientDb(test.db, clientId).selectFrom('snapshot').select(['object_counts', 'state']).where('snapshot_id_pk', '=', olderId).executeTakeFirstOrThrow();
    expect(row).toEqual({ object_counts: null, state: 'complete' });
    expect(await clientDb(test.db, clientId).selectFrom('directory_object').select('object_guid').where('snapshot_fk', '=', olderId).execute()).toEqual([]);
    const table = await sql<{ name: string | null }>`SELECT to_regclass(${`${schema}.directory_patch`})::text AS name`.execute(test.db);
    expect(table.rows[0]?.name).toBeNull();
  });
});
