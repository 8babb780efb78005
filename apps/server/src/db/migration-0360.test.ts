import { cleanSnapshot, user } from '@burgwall/checks/testing';
import { changedObjectsSchema, snapshotHeadOf, snapshotLines } from '@burgwall/shared';
import { sql, type Transaction } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../test-support/test-database';
import { insertProviderWithClient } from '../../../../test-support/tenants';
import { applyChangedObjects } from '../snapshots/apply-changed-objects';
import { ensureExplorerIndexes, partitionName, snapshotHasPartition } from '../snapshots/directory-partition';
import { pruneAndVacuum } from '../snapshots/snapshot-prune-job';
import { beginSnapshot, commitSnapshot, directoryRow, loadSnapshot, storeSnapshotPart } from '../snapshots/snapshot-store';
import { clientDb } from './client-db';
import { clientSchemaName } from './client-schema';
import { migrateClientSchema, migrateClients } from './migrator';

// Issue 15: migration 0360 makes directory_object a table partitioned by snapshot. A client schema as version 0350
// left it, with a stored snapshot, then migrated: its rows stay readable and writable (legacy partition), a new
// snapshot gets a partition of its own, and pruning drops the new one's predecessor. Real PostgreSQL.

let test: TestDatabase;
let clientId: string;
let schema: string;
let emptyClientId: string;

const anna = user({ sAMAccountName: 'anna', usnChanged: 100 });
const before = { ...cleanSnapshot(), collectedAt: '2026-11-30T08:00:00.000Z', users: [...cleanSnapshot().users, anna] };

let storedId: string;

const relations = async (forClient: string) =>
  (
    await sql<{ relname: string; relkind: string }>`
      SELECT c.relname, c.relkind::text AS relkind FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = ${clientSchemaName(forClient)} AND c.relname LIKE 'directory_object%' AND c.relkind IN ('r', 'p') ORDER BY 1`.execute(test.db)
  ).rows;

beforeAll(async () => {
  test = await createTestDatabase();
  ({ clientId } = await insertProviderWithClient(test.db, { name: 'Altbestand 0360 GmbH' }));
  ({ clientId: emptyClientId } = await insertProviderWithClient(test.db, { name: 'Neukunde 0360 GmbH' }));
  schema = clientSchemaName(clientId);
  for (const id of [clientId, emptyClientId]) {
    await sql`DROP SCHEMA ${sql.id(clientSchemaName(id))} CASCADE`.execute(test.db);
    await test.db.transaction().execute((trx) => migrateClientSchema(trx as unknown as Transaction<unknown>, id, '0350_ioe_states_change_global.sql'));
  }
  // Stored the way version 0350 stored it: the head in the snapshot row, the objects as rows of the one table.
  const stored = await sql<{ id: string }>`
    INSERT INTO ${sql.id(schema, 'snapshot')} (batch_id, collected_at, collector_version, highest_usn, data, state, object_counts, committed_at)
    VALUES ('before-0360', ${before.collectedAt}, ${before.collectorVersion}, ${before.highestUsn}, ${JSON.stringify(snapshotHeadOf(before))}::jsonb,
      'complete', ${JSON.stringify({ users: before.users.length })}::jsonb, now())
    RETURNING snapshot_id_pk AS id`.execute(test.db);
  storedId = stored.rows[0]?.id as string;
  for (const [seq, line] of [...snapshotLines(before)].entries()) {
    const row = directoryRow(line, seq);
    await sql`INSERT INTO ${sql.id(schema, 'directory_object')} (snapshot_fk, object_guid, kind, distinguished_name, name, sam_account_name, object_sid, usn_changed, part_no, seq, data)
      VALUES (${storedId}, ${row.object_guid}, ${row.kind}, ${row.distinguished_name}, ${row.name}, ${row.sam_account_name}, ${row.object_sid}, ${row.usn_changed}, 1, ${seq}, ${JSON.stringify(row.data)}::jsonb)`.execute(test.db);
  }
  const report = await migrateClients(test.db, [clientId, emptyClientId]);
  expect(report.failed).toEqual({});
  expect(report.clients[clientId]).toContain('0360_directory_object_per_snapshot.sql');
}, 120_000);
afterAll(() => test.drop());

it('keeps the stored rows in a legacy partition with their indexes; a client without snapshots has only the parent', async () => {
  expect(await relations(clientId)).toEqual([
    { relname: 'directory_object', relkind: 'p' },
    { relname: 'directory_object_legacy', relkind: 'r' },
  ]);
  expect(await relations(emptyClientId)).toEqual([{ relname: 'directory_object', relkind: 'p' }]);
  const loaded = await loadSnapshot(test.db, clientId, storedId);
  expect(loaded?.users.map((u) => u.sAMAccountName)).toContain('anna');
  const legacyIndexes = await sql<{ n: string }>`SELECT count(*) AS n FROM pg_indexes WHERE schemaname = ${schema} AND tablename = 'directory_object_legacy'`.execute(test.db);
  expect(Number(legacyIndexes.rows[0]?.n)).toBe(8);
  // Its snapshot has no partition of its own: nothing to index.
  expect(await snapshotHasPartition(test.db, clientId, storedId)).toBe(false);
  expect(await ensureExplorerIndexes(test.db, clientId, storedId)).toBe(false);
});

it('a change batch still writes the stored snapshot (legacy partition)', async () => {
  const bernd = user({ sAMAccountName: 'bernd', usnChanged: 200 });
  const changedAnna = { ...anna, description: 'geändert', usnChanged: 210 };
  const applied = await test.db.transaction().execute((trx) => applyChangedObjects(trx, clientId, changedObjectsSchema.parse({ users: [bernd, changedAnna] }), []));
  expect(applied.written).toBe(2);
  const names = await clientDb(test.db, clientId).selectFrom('directory_object').select('sam_account_name').where('snapshot_fk', '=', storedId).execute();
  expect(names.map((row) => row.sam_account_name)).toEqual(expect.arrayContaining(['anna', 'bernd']));
});

it('a new snapshot gets its own partition and indexes; pruning deletes the legacy rows of the one it superseded', async () => {
  const { snapshotId } = await beginSnapshot(test.db, clientId, 'after-0360', snapshotHeadOf(before));
  await storeSnapshotPart(test.db, clientId, snapshotId, 1, [{ kind: 'users', object: anna }]);
  await commitSnapshot(test.db, clientId, snapshotId, 1);
  expect(await snapshotHasPartition(test.db, clientId, snapshotId)).toBe(true);
  expect(await ensureExplorerIndexes(test.db, clientId, snapshotId)).toBe(true);
  expect(await ensureExplorerIndexes(test.db, clientId, snapshotId)).toBe(false);
  const indexes = await sql<{ n: string }>`SELECT count(*) AS n FROM pg_indexes WHERE schemaname = ${schema} AND tablename = ${partitionName(snapshotId)}`.execute(test.db);
  expect(Number(indexes.rows[0]?.n)).toBe(8);
  expect(await pruneAndVacuum(test.db, clientId)).toBeGreaterThan(1);
  const left = await clientDb(test.db, clientId).selectFrom('directory_object').select('snapshot_fk').distinct().execute();
  expect(left.map((row) => row.snapshot_fk)).toEqual([snapshotId]);
});
