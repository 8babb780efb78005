import { type Snapshot, snapshotSchema } from '@burgwall/shared';
import { clientDb } from '../db/client-db';
import type { Db } from '../db/database';

export interface StoredSnapshot {
  snapshotId: string;
  snapshot: Snapshot;
}

/**
 * Stores a validated snapshot once per batch id: a resent batch is not stored
 * twice (returns the existing id, `created: false`).
 */
export async function saveSnapshot(
  db: Db,
  clientId: string,
  batchId: string,
  snapshot: Snapshot,
): Promise<{ snapshotId: string; created: boolean }> {
  const table = clientDb(db, clientId);
  const inserted = await table
    .insertInto('snapshot')
    .values({
      batch_id: batchId,
      collected_at: snapshot.collectedAt,
      collector_version: snapshot.collectorVersion,
      highest_usn: snapshot.highestUsn,
      data: JSON.stringify(snapshot),
    })
    .onConflict((oc) => oc.column('batch_id').doNothing())
    .returning('snapshot_id_pk')
    .executeTakeFirst();
  if (inserted) return { snapshotId: inserted.snapshot_id_pk, created: true };
  const existing = await table
    .selectFrom('snapshot')
    .select('snapshot_id_pk')
    .where('batch_id', '=', batchId)
    .executeTakeFirstOrThrow();
  return { snapshotId: existing.snapshot_id_pk, created: false };
}

const newestFirst = (db: Db, clientId: string) =>
  clientDb(db, clientId).selectFrom('snapshot').orderBy('collected_at', 'desc').orderBy('snapshot_id_pk', 'desc').limit(1);

/** The newest snapshot of a client, or null before the first collection. */
export async function latestSnapshot(db: Db, clientId: string): Promise<StoredSnapshot | null> {
  const row = await newestFirst(db, clientId).select(['snapshot_id_pk', 'data']).executeTakeFirst();
  if (!row) return null;
  return { snapshotId: row.snapshot_id_pk, snapshot: snapshotSchema.parse(row.data) };
}

/** Only the id of the newest snapshot: enough to tell whether a cached analysis is still current. */
export async function latestSnapshotId(db: Db, clientId: string): Promise<string | null> {
  const row = await newestFirst(db, clientId).select('snapshot_id_pk').executeTakeFirst();
  return row?.snapshot_id_pk ?? null;
}

/** One stored snapshot by id. */
export async function snapshotById(db: Db, clientId: string, snapshotId: string): Promise<Snapshot | null> {
  const row = await clientDb(db, clientId).selectFrom('snapshot').select('data').where('snapshot_id_pk', '=', snapshotId).executeTakeFirst();
  return row ? snapshotSchema.parse(row.data) : null;
}
