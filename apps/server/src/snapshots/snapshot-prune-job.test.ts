import { snapshotHeadSchema, userSchema } from '@burgwall/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../test-support/test-database';
import { fixtureHead, fixtureUser } from '../../../../test-support/snapshot-fixtures';
import { insertProviderWithClient } from '../../../../test-support/tenants';
import { clientDb } from '../db/client-db';
import { clientSchemaName } from '../db/client-schema';
import { IOE_EVALUATION_JOB, runLockKey } from '../ioe/evaluation-jobs';
import { pruneAfterEvaluations, pruneAndVacuum } from './snapshot-prune-job';
import { ensureExplorerIndexes, partitionName, snapshotHasPartition } from './directory-partition';
import { beginSnapshot, commitSnapshot, latestSnapshotId, storeSnapshotPart } from './snapshot-store';

let database: TestDatabase;
let clientId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  ({ clientId } = await insertProviderWithClient(database.db, { name: 'Aufräumen GmbH' }));
}, 60_000);
afterAll(() => database.drop(), 120_000);

const head = snapshotHeadSchema.parse(fixtureHead());
const user = (n: number) => ({ kind: 'users' as const, object: userSchema.parse(fixtureUser(n)) });

async function committed(batchId: string, users: number) {
  const { snapshotId } = await beginSnapshot(database.db, clientId, batchId, head);
  await storeSnapshotPart(database.db, clientId, snapshotId, 1, Array.from({ length: users }, (_, n) => user(n)));
  await commitSnapshot(database.db, clientId, snapshotId, 1);
  return snapshotId;
}
const rowsOf = async (snapshotId: string) =>
  Number((await clientDb(database.db, clientId).selectFrom('directory_object').select((eb) => eb.fn.countAll<string>().as('count')).where('snapshot_fk', '=', snapshotId).executeTakeFirstOrThrow()).count);

it('does nothing (and waits for nothing) while there is only one snapshot', async () => {
  const only = await committed('prune-batch-0001', 3);
  expect(await pruneAfterEvaluations(database.db, clientId)).toBe(0);
  expect(await rowsOf(only)).toBe(3);
});

it('waits for a running evaluation of the client before it removes the rows of the superseded snapshot', async () => {
  const previous = (await clientDb(database.db, clientId).selectFrom('snapshot').select('snapshot_id_pk').executeTakeFirstOrThrow()).snapshot_id_pk;
  const current = await committed('prune-batch-0002', 2);
  let pruned: number | undefined;
  await database.db.connection().execute(async (evaluation) => {
    // What runIoeEvaluation holds while it reads the current snapshot page by page.
    await sql`SELECT pg_advisory_lock(hashtext(${runLockKey(IOE_EVALUATION_JOB, clientId)}))`.execute(evaluation);
    const pruning = pruneAfterEvaluations(database.db, clientId).then((count) => (pruned = count));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(pruned).toBeUndefined();
    expect(await rowsOf(previous)).toBe(3);
    await sql`SELECT pg_advisory_unlock(hashtext(${runLockKey(IOE_EVALUATION_JOB, clientId)}))`.execute(evaluation);
    await pruning;
  });
  expect(pruned).toBe(3);
  expect(await rowsOf(previous)).toBe(0);
  expect(await rowsOf(current)).toBe(2);
});

it('drops the superseded snapshot\'s partition; the current one is vacuumed and analysed when its explorer indexes are built', async () => {
  const previous = await latestSnapshotId(database.db, clientId);
  const current = await committed('prune-batch-0003', 4);
  const maintenance = async () =>
    (
      await sql<{ last_vacuum: Date | null; last_analyze: Date | null }>`SELECT last_vacuum, last_analyze FROM pg_stat_user_tables WHERE schemaname = ${clientSchemaName(clientId)} AND relname = ${partitionName(current)}`.execute(database.db)
    ).rows[0];
  expect(await pruneAndVacuum(database.db, clientId)).toBe(2);
  expect(await rowsOf(current)).toBe(4);
  // Not beside the evaluation (it would take the cores the evaluation's worker needs): with the indexes after it.
  expect((await maintenance())?.last_vacuum).toBeNull();
  expect(await ensureExplorerIndexes(database.db, clientId, current)).toBe(true);
  const after = await maintenance();
  for (const done of ['last_vacuum', 'last_analyze'] as const) expect(after?.[done]).toBeInstanceOf(Date);
  expect(await snapshotHasPartition(database.db, clientId, previous as string)).toBe(false);
});

it('tries to drop a superseded partition a second at a time while a reader holds the directory, and gives up after ten tries (the job is retried)', async () => {
  const previous = (await latestSnapshotId(database.db, clientId)) as string;
  await committed('prune-batch-0004', 1);
  await database.db.connection().execute(async (reader) => {
    await sql`BEGIN`.execute(reader);
    await sql`SELECT count(*) FROM ${sql.id(clientSchemaName(clientId), 'directory_object')}`.execute(reader);
    const started = performance.now();
    await expect(pruneAfterEvaluations(database.db, clientId)).rejects.toMatchObject({ code: '55P03' });
    expect(performance.now() - started).toBeLessThan(20_000);
    expect(await snapshotHasPartition(database.db, clientId, previous)).toBe(true);
    // A reader that finishes while the tries go on (a part being stored, a page being read): the drop gets through.
    const pruning = pruneAfterEvaluations(database.db, clientId);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await sql`ROLLBACK`.execute(reader);
    expect(await pruning).toBe(4);
  });
  expect(await snapshotHasPartition(database.db, clientId, previous)).toBe(false);
}, 60_000);
