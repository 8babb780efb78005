import { sql } from 'kysely';
import { clientDb } from '../db/client-db';
import type { Db } from '../db/database';
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

export interface PruneResult {
  snapshots: number;
  changes: number;
  ioaEvents: number;
  collectorLogs: number;
}

/**
 * Deletes what the client's retention policy no longer keeps, in one transaction: snapshots beyond the newest N except
 * the newest of each month, changes and IoA events from before the retention's first month (whole months, so a month is
 * never half gone; their entries in the global IoA index too), collector logs older than the given days.
 */
export async function pruneClient(db: Db, clientId: string, policy: RetentionPolicy): Promise<PruneResult> {
  return db.transaction().execute(async (trx) => {
    const own = clientDb(trx, clientId);
    const cutoff = sql<Date>`date_trunc('month', now()) - make_interval(months => ${policy.changeMonths})`;
    const snapshots = await own
      .deleteFrom('snapshot')
      .where('snapshot_id_pk', 'not in', (eb) => eb.selectFrom('snapshot').select('snapshot_id_pk').orderBy('collected_at', 'desc').limit(policy.snapshotsKept))
      .where('snapshot_id_pk', 'not in', (eb) =>
        eb
          .selectFrom('snapshot')
          .distinctOn(sql`date_trunc('month', collected_at)`)
          .select('snapshot_id_pk')
          .orderBy(sql`date_trunc('month', collected_at)`)
          .orderBy('collected_at', 'desc'),
      )
      .executeTakeFirst();
    const ioaEvents = await own.deleteFrom('ioa_event').where('occurred_at', '<', cutoff).executeTakeFirst();
    // IoA events of older changes go with them (ON DELETE CASCADE).
    const changes = await own.deleteFrom('change').where('timestamp', '<', cutoff).executeTakeFirst();
    await trx.deleteFrom('ioa_event_index').where('client_fk', '=', clientId).where('occurred_at', '<', cutoff).execute();
    const logs = await own
      .deleteFrom('collector_log')
      .where(sql<boolean>`received_at < now() - make_interval(days => ${policy.collectorLogDays})`)
      .executeTakeFirst();
    return {
      snapshots: Number(snapshots.numDeletedRows),
      changes: Number(changes.numDeletedRows),
      ioaEvents: Number(ioaEvents.numDeletedRows),
      collectorLogs: Number(logs.numDeletedRows),
    };
  });
}

/**
 * Retention as jobs: RETENTION_ALL_JOB (on RETENTION_CRON) queues one RETENTION_CLIENT_JOB per client, so every server
 * instance shares the work, a failing client is retried on its own, and one still migrating waits for its schema.
 */
export function defineRetentionJobs(jobs: JobQueue, services: { db: Db; policy: RetentionPolicy }): void {
  jobs.define<{ clientId: string }>({
    name: RETENTION_CLIENT_JOB,
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
      const clients = await services.db.selectFrom('client').select('client_id_pk').execute();
      for (const { client_id_pk } of clients) {
        await jobs.enqueue(RETENTION_CLIENT_JOB, { clientId: client_id_pk }, { singletonKey: client_id_pk });
      }
    },
  });
}
