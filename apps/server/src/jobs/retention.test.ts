import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { fixtureHead, fixtureUser } from '../../../../test-support/snapshot-fixtures';
import { insertProviderWithClient } from '../../../../test-support/tenants';
import { clientDb } from '../db/client-db';
import { clientSchemaName } from '../db/client-schema';
import { snapshotHeadSchema, userSchema } from '@burgwall/shared';
import { beginSnapshot, commitSnapshot, latestSnapshotId, storeSnapshotPart } from '../snapshots/snapshot-store';
import { pruneClient, RETENTION_ALL_JOB } from './retention';

let test: TestApp;
let clientId: string;

beforeAll(async () => {
  // Fewer snapshots kept than the default, so a handful of rows shows the rule.
  test = await createTestApp({ RETENTION_SNAPSHOTS: '3', RETENTION_MONTHS: '24', RETENTION_COLLECTOR_LOG_DAYS: '90' });
  ({ clientId } = await insertProviderWithClient(test.database.db));
}, 60_000);
// Dropping a database waits for a checkpoint, slow on a busy shared PostgreSQL.
afterAll(() => test.close(), 120_000);

const ago = (interval: string) => sql<Date>`now() - ${interval}::interval`;
/**
 * Noon of a day of the calendar month `monthsBack` months before this one: snapshots that share a month whatever
 * today's date is ('92 days' and '93 days' ago fell into two months on 2 December).
 */
const dayOfMonthAgo = (monthsBack: number, day: number) =>
  sql<Date>`date_trunc('month', now()) - make_interval(months => ${monthsBack}) + make_interval(days => ${day - 1}, hours => 12)`;

it('a retention run (job queue) keeps the newest snapshots plus one per month, 24 months of changes and IoA events, 90 days of logs', async () => {
  const db = test.database.db;
  const own = clientDb(db, clientId);
  // Snapshots: 4 in the last days, 2 in the month 3 months back (b4 the newer), 1 in the month 5 months back.
  const snapshotTimes = [ago('1 day'), ago('2 days'), ago('3 days'), ago('4 days'), dayOfMonthAgo(3, 15), dayOfMonthAgo(3, 14), dayOfMonthAgo(5, 15)];
  for (const [index, collectedAt] of snapshotTimes.entries()) {
    await own.insertInto('snapshot').values({ batch_id: `b${index}`, collected_at: collectedAt, collector_version: '1.0', highest_usn: index, data: '{}' }).execute();
  }
  const change = async (age: string, usn: number) =>
    (
      await own
        .insertInto('change')
        .values({ object_guid: '7b3f5d0e-4c61-4f51-9a3c-2f1e0d9c8b7a', object_class: 'user', distinguished_name: 'CN=Anna,DC=lab', property_name: 'memberOf', timestamp: ago(age), usn })
        .returning('rep_id_pk')
        .executeTakeFirstOrThrow()
    ).rep_id_pk;
  const oldChange = await change('27 months', 1);
  const recentChange = await change('20 months', 2);
  for (const [changeId, age] of [[oldChange, '27 months'], [recentChange, '20 months']] as const) {
    const event = await own
      .insertInto('ioa_event')
      .values({ change_fk: changeId, detector: 'test', severity: 'high', title: 'Test', evidence: '{}', object_guid: '7b3f5d0e-4c61-4f51-9a3c-2f1e0d9c8b7a', distinguished_name: 'CN=Anna,DC=lab', occurred_at: ago(age) })
      .returning('ioa_event_id_pk')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('ioa_event_index')
      .values({ client_fk: clientId, ioa_event_fk: event.ioa_event_id_pk, detector: 'test', severity: 'high', title: 'Test', distinguished_name: 'CN=Anna,DC=lab', occurred_at: ago(age) })
      .execute();
  }
  const logs = sql.table(`${clientSchemaName(clientId)}.collector_log`);
  await sql`INSERT INTO ${logs} (log_name, content, received_at) VALUES ('alt.log', 'INFO', now() - interval '100 days'), ('neu.log', 'INFO', now() - interval '10 days')`.execute(db);

  await test.app.ready();
  await test.services.jobs.enqueue(RETENTION_ALL_JOB, {});
  const deadline = Date.now() + 20_000;
  while ((await own.selectFrom('collector_log').select('log_name').execute()).length > 1 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  const kept = await own.selectFrom('snapshot').select('batch_id').orderBy('collected_at', 'desc').execute();
  // The newest 3 (b0–b2), then the newest of each older month: b3 shares its month with b0–b2 unless the month just began.
  expect(kept.map((row) => row.batch_id)).toEqual(expect.arrayContaining(['b0', 'b1', 'b2', 'b4', 'b6']));
  expect(kept.map((row) => row.batch_id)).not.toContain('b5');
  expect((await own.selectFrom('change').select('rep_id_pk').execute()).map((row) => row.rep_id_pk)).toEqual([recentChange]);
  expect(await own.selectFrom('ioa_event').select('change_fk').execute()).toEqual([{ change_fk: recentChange }]);
  expect(await db.selectFrom('ioa_event_index').select('client_fk').execute()).toHaveLength(1);
  expect((await own.selectFrom('collector_log').select('log_name').execute()).map((row) => row.log_name)).toEqual(['neu.log']);
}, 60_000);

it('gives up uploads in parts left receiving for more than 24 hours and prunes the object rows of superseded snapshots', async () => {
  const db = test.database.db;
  const { clientId: other } = await insertProviderWithClient(db, { name: 'Teile-Aufbewahrung GmbH' });
  const own = clientDb(db, other);
  const head = (day: number) => snapshotHeadSchema.parse(fixtureHead(`2026-11-${String(day).padStart(2, '0')}T10:00:00.000Z`));
  const user = (n: number) => ({ kind: 'users' as const, object: userSchema.parse(fixtureUser(n)) });
  const upload = async (batchId: string, day: number, users: number, commit: boolean) => {
    const { snapshotId } = await beginSnapshot(db, other, batchId, head(day));
    await storeSnapshotPart(db, other, snapshotId, 1, Array.from({ length: users }, (_, n) => user(n)));
    if (commit) await commitSnapshot(db, other, snapshotId, 1);
    return snapshotId;
  };
  const superseded = await upload('retention-parts-1', 1, 4, true);
  const current = await upload('retention-parts-2', 2, 3, true);
  const stale = await upload('retention-parts-3', 3, 5, false);
  const fresh = await upload('retention-parts-4', 4, 2, false);
  await own.updateTable('snapshot').set({ created_at: ago('25 hours') }).where('snapshot_id_pk', '=', stale).execute();
  await own.updateTable('snapshot').set({ created_at: ago('23 hours') }).where('snapshot_id_pk', '=', fresh).execute();

  const result = await pruneClient(db, other, { snapshotsKept: 30, changeMonths: 24, collectorLogDays: 90 });
  expect(result).toMatchObject({ snapshots: 0, abandonedUploads: 1, supersededObjects: 4 });
  expect((await own.selectFrom('snapshot').select('batch_id').orderBy('batch_id').execute()).map((row) => row.batch_id)).toEqual(['retention-parts-1', 'retention-parts-2', 'retention-parts-4']);
  const rows = await own.selectFrom('directory_object').select(['snapshot_fk', (eb) => eb.fn.countAll<string>().as('count')]).groupBy('snapshot_fk').orderBy('snapshot_fk').execute();
  expect(rows.map((row) => [row.snapshot_fk, Number(row.count)])).toEqual([
    [current, 3],
    [fresh, 2],
  ]);
  // The abandoned upload's parts went with it; the superseded snapshot keeps its head and counts.
  expect((await own.selectFrom('snapshot_part').select('snapshot_fk').execute()).map((row) => row.snapshot_fk).sort()).toEqual([superseded, current, fresh].sort());
  expect(await latestSnapshotId(db, other)).toBe(current);

  // Keeping only the newest snapshot: an upload still arriving (newer, same month) neither counts as that one nor
  // pushes the current snapshot out.
  expect(await pruneClient(db, other, { snapshotsKept: 1, changeMonths: 24, collectorLogDays: 90 })).toMatchObject({ snapshots: 1, abandonedUploads: 0 });
  expect((await own.selectFrom('snapshot').select('batch_id').orderBy('batch_id').execute()).map((row) => row.batch_id)).toEqual(['retention-parts-2', 'retention-parts-4']);
  expect(await latestSnapshotId(db, other)).toBe(current);
});
