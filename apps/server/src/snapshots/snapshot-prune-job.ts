import { sql, type Transaction } from 'kysely';
import type { Db } from '../db/database';
import { vacuumClientTable } from '../db/vacuum-client-table';
import type { Database } from '../db/schema';
import { IOE_EVALUATION_JOB, runLockKey } from '../ioe/evaluation-jobs';
import type { JobQueue } from '../jobs/job-queue';
import { snapshotHasPartition } from './directory-partition';
import { latestSnapshotId, pruneSupersededObjects, supersededObjects } from './snapshot-store';

/**
 * Removes the object rows of snapshots a newer committed one superseded (drops their partitions), then vacuums and
 * analyses the directory where the evaluation job does not (a snapshot stored before client migration 0360).
 */
export const SNAPSHOT_PRUNE_JOB = 'snapshot-prune';

interface SnapshotPruneData {
  clientId: string;
}

/** Queues the removal of superseded object rows, in the transaction that commits the newer snapshot. */
export async function requestSnapshotPrune(jobs: JobQueue, trx: Transaction<Database>, clientId: string): Promise<void> {
  await jobs.enqueue<SnapshotPruneData>(SNAPSHOT_PRUNE_JOB, { clientId }, { trx: trx as Transaction<unknown> });
}

/** Whether a complete snapshot other than the current one still has object rows (or an empty partition). */
async function hasSupersededObjects(db: Db, clientId: string): Promise<boolean> {
  const superseded = await supersededObjects(db, clientId);
  return superseded !== null && superseded.partitioned.length + superseded.legacyIds.length > 0;
}

/**
 * Prunes under the client's evaluation lock: an evaluation still reading the previous snapshot page by page would
 * otherwise lose its rows half-way and score a partial directory. Without anything to prune (a client's first
 * snapshot) it does not wait for the evaluation at all. Returns the number of rows removed.
 */
export async function pruneAfterEvaluations(db: Db, clientId: string): Promise<number> {
  if (!(await hasSupersededObjects(db, clientId))) return 0;
  const prune = async (trx: Db) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext(${runLockKey(IOE_EVALUATION_JOB, clientId)}))`.execute(trx);
    return pruneSupersededObjects(trx, clientId);
  };
  // In the caller's transaction when there is one (retention), so the lock is held until that commits.
  return db.isTransaction ? prune(db) : db.transaction().execute(prune);
}

/**
 * The job's work after a commit: prune what the new snapshot superseded, then (for a snapshot without a partition of
 * its own) vacuum and analyse the table. The statistics let the explorer's search pick the trigram index or the name
 * order (right after a client's first large snapshot there are none yet, and a search on a fresh 1M-object directory
 * took 1.1 s instead of 17 ms, bench/scale); the visibility map lets the explorer's pages skip their offset in the name
 * index alone (migration 0312).
 */
export async function pruneAndVacuum(db: Db, clientId: string): Promise<number> {
  const pruned = await pruneAfterEvaluations(db, clientId);
  // A snapshot with a partition of its own (client migration 0360) is vacuumed with its explorer indexes, after its
  // evaluation (directory-partition.ts); one stored before, in the whole table, here.
  const current = await latestSnapshotId(db, clientId);
  if (current === null || !(await snapshotHasPartition(db, clientId, current))) await vacuumClientTable(db, clientId, 'directory_object');
  return pruned;
}

export function defineSnapshotPruneJob(jobs: JobQueue, services: { db: Db }): void {
  jobs.define<SnapshotPruneData>({
    name: SNAPSHOT_PRUNE_JOB,
    retryLimit: 5,
    handler: async ({ clientId }) => {
      // The client may have been deleted since (its schema with it).
      const exists = await services.db.selectFrom('client').select('client_id_pk').where('client_id_pk', '=', clientId).executeTakeFirst();
      if (exists) await pruneAndVacuum(services.db, clientId);
    },
  });
}
