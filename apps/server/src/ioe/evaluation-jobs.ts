import { sql, type Transaction } from 'kysely';
import { clientDb } from '../db/client-db';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { vacuumClientTable } from '../db/vacuum-client-table';
import type { Database } from '../db/schema';
import { evaluateStoredChanges } from '../ioa/ioa-evaluation';
import type { JobQueue } from '../jobs/job-queue';
import type { LiveHub } from '../live/live-hub';
import { type EvaluationSummary, evaluateLatestSnapshot } from './ioe-evaluation';
import { domainObjectCount, type EvaluationPlacement, evaluateWithHeapFallback, workerHeapMb } from './evaluation-worker';
import { alertsAfterEvaluation } from '../alerts/alert-dispatch';
import { ensureExplorerIndexes } from '../snapshots/directory-partition';
import { latestSnapshotId } from '../snapshots/snapshot-store';

/** Checks on the client's stored directory data → findings and score. */
export const IOE_EVALUATION_JOB = 'ioe-evaluate';
/** Attack detectors on newly stored changes → IoA events. */
export const IOA_EVALUATION_JOB = 'ioa-evaluate';
/** Finds evaluations a crashed instance left behind. */
export const EVALUATION_RECOVERY_JOB = 'evaluation-recovery';

interface IoeEvaluationData {
  clientId: string;
  /** Queued by change batches (requestChangeEvaluation): clears the client's "queued" mark when it starts. */
  afterChanges?: boolean;
}

/** A change-driven evaluation waits this long, so a burst of change batches is evaluated once. */
export const CHANGE_EVALUATION_DELAY_SECONDS = 3;
/** A "queued" mark this old has lost its job (cancelled by hand, failed for good): the next batch queues a new one. */
const STALE_CHANGE_EVALUATION_MS = 10 * 60_000;
interface IoaEvaluationData {
  clientId: string;
  changeIds: string[];
}

/**
 * Asks for an evaluation of the client's checks, inside the transaction that stored the data: the job exists
 * exactly when the data does, so a crash after the commit leaves a job that the next start runs.
 */
export async function requestIoeEvaluation(jobs: JobQueue, trx: Transaction<Database>, clientId: string): Promise<void> {
  await clientDb(trx, clientId)
    .updateTable('status_collector')
    .set({ evaluation_requested: sql`evaluation_requested + 1` })
    .execute();
  await jobs.enqueue<IoeEvaluationData>(IOE_EVALUATION_JOB, { clientId }, { trx: trx as Transaction<unknown> });
}

/**
 * Asks for an evaluation after a change batch patched the stored directory, inside its transaction, debounced per
 * client: while a change-driven job is queued and not yet started (`change_evaluation_queued_at`), further batches
 * only count up the request and join it, so hundreds of batches in a row queue one job, not hundreds. The row lock
 * taken here orders this against the job's start (it clears the mark under the same lock before it reads anything):
 * a batch either commits before the job reads (and is evaluated by it) or finds the mark cleared and queues the next.
 *
 * Score history and „Neu / behoben seit letzter Prüfung“: such an evaluation reads the same snapshot (plus patches),
 * so it stays within the current Prüfung (check-changes.ts keys a Prüfung by snapshot id); a finding it raises counts
 * as new since the last Prüfung, one it clears as resolved, and it adds a score-history point only when the score,
 * grade or open findings moved (security-score.ts).
 */
export async function requestChangeEvaluation(jobs: JobQueue, trx: Transaction<Database>, clientId: string): Promise<void> {
  const own = clientDb(trx, clientId);
  const status = await own.selectFrom('status_collector').select('change_evaluation_queued_at').forUpdate().executeTakeFirst();
  const queuedAt = status?.change_evaluation_queued_at ?? null;
  const joinQueued = queuedAt !== null && Date.now() - queuedAt.getTime() < STALE_CHANGE_EVALUATION_MS;
  await own
    .updateTable('status_collector')
    .set({ evaluation_requested: sql`evaluation_requested + 1`, ...(joinQueued ? {} : { change_evaluation_queued_at: sql`now()` }) })
    .execute();
  if (joinQueued) return;
  await jobs.enqueue<IoeEvaluationData>(IOE_EVALUATION_JOB, { clientId, afterChanges: true }, { trx: trx as Transaction<unknown>, startAfterSeconds: CHANGE_EVALUATION_DELAY_SECONDS });
}

/** Asks for the attack detectors over newly stored changes, inside the transaction that stored them. */
export async function requestIoaEvaluation(jobs: JobQueue, trx: Transaction<Database>, clientId: string, changeIds: readonly string[]): Promise<void> {
  if (changeIds.length === 0) return;
  await jobs.enqueue<IoaEvaluationData>(IOA_EVALUATION_JOB, { clientId, changeIds: [...changeIds] }, { trx: trx as Transaction<unknown> });
}

/**
 * Runs `work` while holding the client's lock of this job kind: a session lock on a connection of its own, so one run
 * per client and kind at a time across all instances, and a crashed instance's lock ends with its connection (which
 * is how `recoverAbandonedEvaluations` tells a dead run from a live one).
 */
export async function underRunLock(db: Db, key: string, work: () => Promise<void>): Promise<void> {
  await db.connection().execute(async (connection) => {
    await sql`SELECT pg_advisory_lock(hashtext(${key}))`.execute(connection);
    try {
      await work();
    } finally {
      await sql`SELECT pg_advisory_unlock(hashtext(${key}))`.execute(connection);
    }
  });
}

/** The advisory lock key of a client's runs of one job kind (the snapshot prune job waits on the evaluation's). */
export const runLockKey = (job: string, clientId: string) => `run:${job}:${clientId}`;

/**
 * The explorer's indexes of the client's current snapshot, built once after its first evaluation (directory-partition.ts):
 * the score is readable first, and the build runs while nothing else of this client needs the cores. Until then (at a
 * million objects ~6 s after the score) the explorer reads that snapshot without them. A no-op when they exist.
 */
async function indexCurrentDirectory(db: Db, clientId: string): Promise<void> {
  const snapshotId = await latestSnapshotId(db, clientId);
  if (snapshotId) await ensureExplorerIndexes(db, clientId, snapshotId);
}

/** Where a run evaluates, from the server's configuration (a large domain in a worker thread). */
export const evaluationPlacement = (config: Pick<Config, 'EVALUATION_WORKER_MIN_OBJECTS' | 'EVALUATION_WORKER_MAX_HEAP_MB'>): EvaluationPlacement => ({
  workerMinObjects: config.EVALUATION_WORKER_MIN_OBJECTS,
  workerMaxHeapMb: config.EVALUATION_WORKER_MAX_HEAP_MB,
});

/**
 * One evaluation run. It notes the request count before it reads any data (read committed: everything committed up
 * to that count is visible to the reads that follow), so jobs of stores it already covered end without work. Returns
 * the run's summary, or null when there was nothing (new) to evaluate.
 *
 * `force`: a run a user waits on (evaluate-now-or-queue.ts) evaluates even when a job got there first, so it has a
 * summary to show; under the same lock as the jobs, so a client never has two evaluations at once (nor one beside the
 * snapshot prune, which waits on this lock).
 */
export async function runIoeEvaluation(db: Db, clientId: string, placement?: EvaluationPlacement, options: { force?: boolean } = {}): Promise<EvaluationSummary | null> {
  let summary: EvaluationSummary | null = null;
  await underRunLock(db, runLockKey(IOE_EVALUATION_JOB, clientId), async () => {
    const own = clientDb(db, clientId);
    const state = await own.selectFrom('status_collector').select(['evaluation_requested', 'evaluation_done']).executeTakeFirst();
    if (!options.force && state && BigInt(state.evaluation_done) >= BigInt(state.evaluation_requested)) {
      // A run that stopped between its evaluation and the indexes (a crash) left them to this one.
      await indexCurrentDirectory(db, clientId);
      return;
    }
    // A large domain in a worker thread (the server keeps answering everyone else), a small one inline.
    const objects = placement ? await domainObjectCount(db, clientId) : 0;
    summary =
      placement && objects >= placement.workerMinObjects
        ? await evaluateWithHeapFallback(db, clientId, workerHeapMb(objects, placement.workerMaxHeapMb), placement.workerMaxHeapMb)
        : await evaluateLatestSnapshot(db, clientId);
    if (state) {
      await own
        .updateTable('status_collector')
        .set({ evaluation_done: sql`greatest(evaluation_done, ${state.evaluation_requested}::bigint)` })
        .execute();
    }
    await indexCurrentDirectory(db, clientId);
  });
  return summary;
}

/**
 * A job pg-boss holds as active while nobody runs it any more (its instance was killed: pg-boss would only notice
 * when the job expires, 15 minutes later) is cancelled and queued again at once. Dead is told from alive by the run
 * lock: free while pg-boss says active means its connection is gone. A job fetched but not yet locked may be queued
 * twice; a second run finds nothing to do (IoE request counter) or stores nothing twice (IoA events are unique).
 */
export async function recoverAbandonedEvaluations(db: Db, jobs: JobQueue): Promise<number> {
  const active = await sql<{ id: string; name: string; data: IoaEvaluationData | IoeEvaluationData }>`
    SELECT id, name, data FROM pgboss.job WHERE name IN (${IOE_EVALUATION_JOB}, ${IOA_EVALUATION_JOB}) AND state = 'active'`.execute(db);
  let recovered = 0;
  for (const job of active.rows) {
    const key = runLockKey(job.name, job.data.clientId);
    const abandoned = await db.connection().execute(async (connection) => {
      const { rows } = await sql<{ free: boolean }>`SELECT pg_try_advisory_lock(hashtext(${key})) AS free`.execute(connection);
      if (rows[0]?.free) await sql`SELECT pg_advisory_unlock(hashtext(${key}))`.execute(connection);
      return rows[0]?.free === true;
    });
    if (!abandoned) continue;
    await jobs.cancel(job.name, job.id);
    await jobs.enqueue(job.name, job.data);
    recovered++;
  }
  if (recovered > 0) console.warn(`[burgwall] ${recovered} abgebrochene Auswertung(en) eines beendeten Servers neu eingereiht`);
  return recovered;
}

/** Checks for abandoned evaluations now (a restart after a crash) and every minute (another instance crashed). */
export async function startEvaluationRecovery(jobs: JobQueue): Promise<void> {
  await jobs.enqueue(EVALUATION_RECOVERY_JOB, {});
  await jobs.schedule(EVALUATION_RECOVERY_JOB, '* * * * *');
}

/**
 * Registers the evaluation jobs (one run per client and kind at a time, retried with backoff after a failure, e.g.
 * the database restarting) and their recovery after a crash.
 */
export function defineEvaluationJobs(jobs: JobQueue, services: { db: Db; live: LiveHub; config: Pick<Config, 'EVALUATION_WORKER_MIN_OBJECTS' | 'EVALUATION_WORKER_MAX_HEAP_MB'> }): void {
  jobs.define<IoeEvaluationData>({
    name: IOE_EVALUATION_JOB,
    retryLimit: 10,
    handler: async ({ clientId, afterChanges }) => {
      // Before the run reads its request count: batches from now on queue the next job (requestChangeEvaluation).
      if (afterChanges) await clientDb(services.db, clientId).updateTable('status_collector').set({ change_evaluation_queued_at: null }).execute();
      const summary = await runIoeEvaluation(services.db, clientId, evaluationPlacement(services.config));
      if (!summary) return;
      await alertsAfterEvaluation({ jobs, db: services.db }, clientId);
      // A new Prüfung rewrote the findings: a finding page in the middle of a 250k-finding check skips its offset in
      // finding_page_idx alone only where the visibility map says the rows are visible (migration 0312). Not after
      // re-evaluations of changes, which come every few seconds in a busy domain.
      if (summary.newCheck) await vacuumClientTable(services.db, clientId, 'finding');
    },
  });
  jobs.define<IoaEvaluationData>({
    name: IOA_EVALUATION_JOB,
    retryLimit: 10,
    handler: ({ clientId, changeIds }) =>
      underRunLock(services.db, runLockKey(IOA_EVALUATION_JOB, clientId), async () => {
        const raised = await evaluateStoredChanges(services.db, services.live, clientId, changeIds);
        if (raised.length > 0) await alertsAfterEvaluation({ jobs, db: services.db }, clientId);
      }),
  });
  jobs.define<object>({ name: EVALUATION_RECOVERY_JOB, retryLimit: 1, handler: async () => void (await recoverAbandonedEvaluations(services.db, jobs)) });
}
