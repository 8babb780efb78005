import { sql } from 'kysely';
import { clientDb } from '../db/client-db';
import type { Db } from '../db/database';
import { pruneAfterEvaluations } from '../snapshots/snapshot-prune-job';
import { dropSnapshotPartitions } from '../snapshots/directory-partition';
import type { JobQueue } from './job-queue';

export const RETENTION_ALL_JOB = 'retention-all';
export const RETENTION_CLIENT_JOB = 'retention-client';

export interface RetentionPolicy {
  /** The newest snapshots kept; older ones survive only as the newest of their month. */
  snapshotsKept: number;
  /** Changes and IoA events older than this many whole months are deleted. */
  changeMonths: number;
  collectorLogDays: number;
}

/** An upload in parts not committed within this many hours is given up (the collector starts a new one). */
export const RECEIVING_UPLOAD_HOURS = 24;

export interface PruneResult {
  snapshots: number;
  /** Uploads in parts left uncommitted for more than RECEIVING_UPLOAD_HOURS (their parts and rows went with them). */
  abandonedUploads: number;
  /** Object rows of snapshots a newer one superseded (normally removed by the job each commit queues). */
  supersededObjects: number;
  changes: number;
  ioaEvents: number;
  collectorLogs: number;
}

/**
 * Deletes what the client's retention policy no longer keeps, in one transaction: complete snapshots beyond the newest N
 * except the newest of each month, uploads in parts never committed within RECEIVING_UPLOAD_HOURS, object rows of
 * superseded snapshots, changes and IoA events from before the retention's first month (whole months, so a month is
 * never half gone; their entries in the global IoA index too), collector logs older than the given days.
 */
export async function pruneClient(db: Db, clientId: string, policy: RetentionPolicy): Promise<PruneResult> {
  return db.transaction().execute(async (trx) => {
    const own = clientDb(trx, clientId);
    const cutoff = sql<Date>`date_trunc('month', now()) - make_interval(months => ${policy.changeMonths})`;
    // Complete snapshots only: an upload still arriving neither counts among the kept ones nor is deleted by this rule.
    const complete = own.selectFrom('snapshot').where('state', '=', 'complete');
    const snapshots = await own
      .deleteFrom('snapshot')
      .where('state', '=', 'complete')
      .where('snapshot_id_pk', 'not in', complete.select('snapshot_id_pk').orderBy('collected_at', 'desc').limit(policy.snapshotsKept))
      .where('snapshot_id_pk', 'not in', complete.distinctOn(sql`date_trunc('month', collected_at)`).select('snapshot_id_pk').orderBy(sql`date_trunc('month', collected_at)`).orderBy('collected_at', 'desc'))
      .returning('snapshot_id_pk')
      .execute();
    const abandoned = await own
      .deleteFrom('snapshot')
      .where('state', '=', 'receiving')
      .where(sql<boolean>`created_at < now() - make_interval(hours => ${RECEIVING_UPLOAD_HOURS})`)
      .returning('snapshot_id_pk')
      .execute();
    // Their object rows (an abandoned upload's parts; no foreign key cascades them since client migration 0330).
    const deletedSnapshots = [...snapshots, ...abandoned].map((row) => row.snapshot_id_pk);
    if (deletedSnapshots.length > 0) {
      await dropSnapshotPartitions(trx, clientId, deletedSnapshots);
      // Rows of snapshots stored before client migration 0360 (its legacy partition).
      await own.deleteFrom('directory_object').where('snapshot_fk', 'in', deletedSnapshots).execute();
    }
    const supersededObjects = await pruneAfterEvaluations(trx, clientId);
    const ioaEvents = await own.deleteFrom('ioa_event').where('occurred_at', '<', cutoff).executeTakeFirst();
    // IoA events of older changes go with them (ON DELETE CASCADE).
    const changes = await own.deleteFrom('change').where('timestamp', '<', cutoff).executeTakeFirst();
    await trx.deleteFrom('ioa_event_index').where('client_fk', '=', clientId).where('occurred_at', '<', cutoff).execute();
    const logs = await own
      .deleteFrom('collector_log')
      .where(sql<boolean>`received_at < now() - make_interval(days => ${policy.collectorLogDays})`)
      .executeTakeFirst();
    return {
      snapshots: snapshots.length,
      abandonedUploads: abandoned.length,
      supersededObjects,
      changes: Number(changes.numDeletedRows),
      ioaEvents: Number(ioaEvents.numDeletedRows),
      collectorLogs: Number(logs.numDeletedRows),
    };
  });
}

/**
 * The kept answers' change records — the dashboard's (global migration 0350) and the provider pages' (0340) — of
 * transactions that have ended (older than every running one) and began writing over a day ago: no kept answer,
 * rebuilt at least every 15 minutes, can still need them. (A transaction that wrote for longer than a day would be
 * missed; jobs end after minutes.) Returns the rows deleted.
 */
export async function pruneChangeRecords(db: Db): Promise<number> {
  let deleted = 0;
  for (const table of ['ioe_states_change', 'client_cards_change']) {
    const result = await sql`DELETE FROM ${sql.table(table)}
      WHERE recorded_at < now() - interval '1 day' AND xact < pg_snapshot_xmin(pg_current_snapshot())`.execute(db);
    deleted += Number(result.numAffectedRows ?? 0);
  }
  return deleted;
}

/**
 * Retention as jobs: RETENTION_ALL_JOB (on RETENTION_CRON) queues one RETENTION_CLIENT_JOB per client, so every server
 * instance shares the work, a failing client is retried on its own, and one still migrating waits for its schema.
 */
export function defineRetentionJobs(jobs: JobQueue, services: { db: Db; policy: RetentionPolicy }): void {
  jobs.define<{ clientId: string }>({
    name: RETENTION_CLIENT_JOB,
    // Sent with the client as singletonKey: one run of a client waiting at a time.
    onePerKey: true,
    retryLimit: 3,
    handler: async ({ clientId }) => {
      const exists = await services.db.selectFrom('client').select('client_id_pk').where('client_id_pk', '=', clientId).executeTakeFirst();
      if (exists) await pruneClient(services.db, clientId, services.policy);
    },
  });
  jobs.define<object>({
    name: RETENTION_ALL_JOB,
    retryLimit: 1,
    handler: async () => {
      await pruneChangeRecords(services.db);
      const clients = await services.db.selectFrom('client').select('client_id_pk').execute();
      for (const { client_id_pk } of clients) {
        await jobs.enqueue(RETENTION_CLIENT_JOB, { clientId: client_id_pk }, { singletonKey: client_id_pk });
      }
    },
  });
}
