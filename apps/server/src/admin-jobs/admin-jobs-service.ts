import {
  ADMIN_JOB_ERROR_MAX,
  type AdminJobClient,
  type AdminJobFailure,
  type AdminJobQueue,
  type AdminJobsAnswer,
  JOB_QUEUE_LABELS,
  JOB_STATES,
  type JobState,
  type JobStateCounts,
} from '@burgwall/shared';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { JobQueue } from '../jobs/job-queue';

/** How many of the newest failures the page lists. */
const FAILURES_SHOWN = 50;
/** How many clients (most failed, then most waiting jobs first) the page lists. */
const CLIENTS_SHOWN = 20;

const emptyCounts = (): JobStateCounts => ({ created: 0, retry: 0, active: 0, completed: 0, failed: 0, cancelled: 0 });

/**
 * The error text of a job's output as pg-boss stores it: a thrown Error is serialised ({ name, message, stack }), a
 * timeout or shutdown is { value: { message } } or { value: "…" }. Only the message: stacks name server paths.
 */
export function errorTextOf(output: unknown): string {
  if (output === null || output === undefined) return 'Keine Fehlermeldung gespeichert.';
  if (typeof output === 'string') return output;
  if (typeof output === 'object') {
    const record = output as Record<string, unknown>;
    if (typeof record.message === 'string' && record.message.trim()) return record.message;
    if (typeof record.value === 'string') return record.value;
    if (record.value !== undefined) return errorTextOf(record.value);
  }
  return JSON.stringify(output);
}

function shorten(text: string): { error: string; errorTruncated: boolean } {
  if (text.length <= ADMIN_JOB_ERROR_MAX) return { error: text, errorTruncated: false };
  return { error: `${text.slice(0, ADMIN_JOB_ERROR_MAX - 1)}…`, errorTruncated: true };
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/**
 * GET /admin/jobs: per queue the jobs by state (queue table and archive, i.e. about the last week), the age of the
 * oldest waiting job, the newest failures with their error, and the clients with failed or waiting jobs. Set-based:
 * one grouped query each, however many clients there are.
 */
export async function loadAdminJobs(db: Db): Promise<AdminJobsAnswer> {
  const [queues, counts, waiting, failures, clients] = await Promise.all([
    sql<{ name: string }>`SELECT name FROM pgboss.queue`.execute(db),
    sql<{ name: string; state: JobState; n: number }>`
      SELECT name, state::text AS state, count(*)::int AS n
      FROM (SELECT name, state FROM pgboss.job UNION ALL SELECT name, state FROM pgboss.archive) AS jobs
      GROUP BY name, state`.execute(db),
    sql<{ name: string; oldest: Date; seconds: number }>`
      SELECT name, min(created_on) AS oldest, floor(extract(epoch FROM now() - min(created_on)))::int AS seconds
      FROM pgboss.job WHERE state IN ('created', 'retry') GROUP BY name`.execute(db),
    sql<{
      id: string;
      name: string;
      state: 'failed' | 'retry';
      output: unknown;
      retry_count: number;
      retry_limit: number;
      created_on: Date;
      failed_at: Date | null;
      client_id: string | null;
      client_name: string | null;
    }>`
      SELECT j.id, j.name, j.state::text AS state, j.output, j.retry_count, j.retry_limit, j.created_on,
        coalesce(j.completed_on, j.started_on) AS failed_at, j.data->>'clientId' AS client_id, c.client_name
      FROM pgboss.job j
      LEFT JOIN client c ON c.client_id_pk::text = j.data->>'clientId'
      WHERE j.state = 'failed' OR (j.state = 'retry' AND j.output IS NOT NULL)
      ORDER BY coalesce(j.completed_on, j.started_on, j.created_on) DESC
      LIMIT ${FAILURES_SHOWN}`.execute(db),
    sql<{ client_id: string; client_name: string | null; waiting: number; active: number; failed: number }>`
      SELECT j.client_id, c.client_name,
        count(*) FILTER (WHERE j.state IN ('created', 'retry'))::int AS waiting,
        count(*) FILTER (WHERE j.state = 'active')::int AS active,
        count(*) FILTER (WHERE j.state = 'failed')::int AS failed
      FROM (SELECT data->>'clientId' AS client_id, state FROM pgboss.job
            WHERE state IN ('created', 'retry', 'active', 'failed') AND data ? 'clientId') AS j
      LEFT JOIN client c ON c.client_id_pk::text = j.client_id
      GROUP BY j.client_id, c.client_name
      ORDER BY failed DESC, waiting DESC, j.client_id
      LIMIT ${CLIENTS_SHOWN}`.execute(db),
  ]);

  const byQueue = new Map<string, AdminJobQueue>();
  const queueOf = (name: string) => {
    let queue = byQueue.get(name);
    if (!queue) {
      queue = { queue: name, label: JOB_QUEUE_LABELS[name] ?? name, counts: emptyCounts(), oldestWaitingSince: null, oldestWaitingSeconds: null };
      byQueue.set(name, queue);
    }
    return queue;
  };
  for (const { name } of queues.rows) queueOf(name);
  const totals = emptyCounts();
  for (const row of counts.rows) {
    if (!JOB_STATES.includes(row.state)) continue;
    queueOf(row.name).counts[row.state] += row.n;
    totals[row.state] += row.n;
  }
  for (const row of waiting.rows) {
    const queue = queueOf(row.name);
    queue.oldestWaitingSince = iso(row.oldest);
    queue.oldestWaitingSeconds = Math.max(0, row.seconds);
  }

  return {
    generatedAt: new Date().toISOString(),
    // Queues with work first (failed, then waiting), then by name.
    queues: [...byQueue.values()].sort(
      (a, b) => b.counts.failed - a.counts.failed || b.counts.created + b.counts.retry - (a.counts.created + a.counts.retry) || a.queue.localeCompare(b.queue),
    ),
    totals,
    failures: failures.rows.map(
      (row): AdminJobFailure => ({
        id: row.id,
        queue: row.name,
        state: row.state,
        ...shorten(errorTextOf(row.output)),
        retryCount: row.retry_count,
        retryLimit: row.retry_limit,
        createdAt: iso(row.created_on) ?? '',
        failedAt: iso(row.failed_at),
        clientId: row.client_id,
        clientName: row.client_name,
      }),
    ),
    clients: clients.rows.map((row): AdminJobClient => ({ clientId: row.client_id, clientName: row.client_name, waiting: row.waiting, active: row.active, failed: row.failed })),
  };
}

export type RetryOutcome = 'retried' | 'not-found' | 'not-failed';

/** „Erneut versuchen“: a failed job gets one more attempt (pg-boss retry); other states are refused. */
export async function retryFailedJob(db: Db, jobs: JobQueue, queue: string, id: string): Promise<RetryOutcome> {
  const before = await sql<{ state: string }>`SELECT state::text AS state FROM pgboss.job WHERE name = ${queue} AND id = ${id}::uuid`.execute(db);
  const state = before.rows[0]?.state;
  if (state === undefined) return 'not-found';
  if (state !== 'failed') return 'not-failed';
  await jobs.retry(queue, id);
  const after = await sql<{ state: string }>`SELECT state::text AS state FROM pgboss.job WHERE name = ${queue} AND id = ${id}::uuid`.execute(db);
  // Another admin (or instance) may have retried it in between: it is queued again either way.
  return after.rows[0]?.state === 'failed' ? 'not-failed' : 'retried';
}
