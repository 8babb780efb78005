import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { sql } from 'kysely';
import { clientDb } from '../db/client-db';
import { poolOf, type Db } from '../db/database';
import type { EvaluationSummary } from './ioe-evaluation';

/**
 * What a worker thread does for one client: evaluate its checks, or analyse the attack paths of one snapshot (the
 * attack-path page, the report and the IoA detectors of a large domain).
 */
export type WorkerTask = { kind: 'evaluate'; clientId: string } | { kind: 'attack-paths'; clientId: string; snapshotId: string; extraTier0: string[] };

/** What the worker thread gets: where the database is and its task. */
export interface EvaluationWorkerInput {
  connectionString: string;
  task: WorkerTask;
}

export type EvaluationWorkerOutput = { ok: true; value: unknown } | { ok: false; message: string };

/**
 * The worker's code: built beside the built server (dist/evaluation-worker.mjs, `npm start`), else the TypeScript
 * through tsx (tests, `npm run dev`). Decided by where this module itself runs, so a server and its worker always
 * come from the same build.
 */
const builtEntry = new URL('./evaluation-worker.mjs', import.meta.url);
const entry = existsSync(builtEntry) ? builtEntry : new URL('./evaluation-worker-entry.mjs', import.meta.url);

/** The worker hit its heap limit: the evaluation needs more memory than it was given. */
class WorkerOutOfMemoryError extends Error {}

/**
 * The worker's young generation: V8's default for a worker of this heap is far smaller, so the loader's million
 * objects, all long-lived, were scavenged again and again on their way to the old generation. 64 MB: the evaluation of
 * a 1M-object domain took 8 % less CPU (eval-only.ts, alternating) at the same peak RSS; 128 MB gained nothing more.
 */
const WORKER_YOUNG_GENERATION_MB = 64;

/**
 * Runs a task (the checks of one client, see `evaluateLatestSnapshot`, or its attack paths) in a worker thread with
 * its own small connection pool, and resolves with its result. The checks of a million-object domain take seconds of
 * CPU: in the server's thread they would stall every request of every tenant for that long. The worker ends with the
 * task, so its memory is returned at once and nothing outlives it (the server stays stateless); a failure (or the heap
 * limit) rejects, and a job is retried as any failed job.
 */
function runInWorker<T>(db: Db, task: WorkerTask, options: { maxHeapMb: number }): Promise<T> {
  const connectionString = poolOf(db).options.connectionString;
  if (!connectionString) throw new Error('runInWorker: the pool has no connection string');
  const input: EvaluationWorkerInput = { connectionString, task };
  const worker = new Worker(entry, { workerData: input, resourceLimits: { maxOldGenerationSizeMb: options.maxHeapMb, maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB } });
  return new Promise((resolve, reject) => {
    let settled = false;
    worker.once('message', (output: EvaluationWorkerOutput) => {
      settled = true;
      if (output.ok) resolve(output.value as T);
      else reject(new Error(output.message));
    });
    worker.once('error', (error: Error & { code?: string }) => {
      settled = true;
      reject(
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? new WorkerOutOfMemoryError(`Auswertung abgebrochen: mehr als ${options.maxHeapMb} MB Speicher (EVALUATION_WORKER_MAX_HEAP_MB)`)
          : error,
      );
    });
    worker.once('exit', (code) => {
      if (!settled) reject(new Error(`Auswertungs-Worker ohne Ergebnis beendet (Code ${code})`));
    });
  });
}

/** Heap per 1,000 directory objects: what an evaluation keeps alive at 1M objects (~0.8 GB) with some headroom. */
const HEAP_MB_PER_THOUSAND_OBJECTS = 1;
/** Fixed part: modules, the Entra snapshot, the check results of a small domain. */
const MIN_WORKER_HEAP_MB = 768;

/**
 * The heap limit for a domain's worker: what its evaluation needs with some headroom, at most the configured ceiling.
 * V8 grows a heap far beyond what is alive while it has room (with a 4 GB limit a 1M-object evaluation took 1.9 GB
 * of memory for ~0.8 GB alive); a limit near the need makes it collect instead, for ~30 % more CPU time (bench/scale).
 */
export const workerHeapMb = (objects: number, ceilingMb: number): number =>
  Math.min(ceilingMb, Math.max(MIN_WORKER_HEAP_MB, Math.ceil((objects / 1000) * HEAP_MB_PER_THOUSAND_OBJECTS)));

/**
 * Runs a task in a worker with the heap limit `firstMb`; a task that needs more (e.g. a domain with far larger ACLs
 * than the estimate assumes) runs once more with the ceiling instead of failing.
 */
export async function runWithHeapFallback<T>(db: Db, task: WorkerTask, firstMb: number, ceilingMb: number): Promise<T> {
  try {
    return await runInWorker<T>(db, task, { maxHeapMb: firstMb });
  } catch (error) {
    if (!(error instanceof WorkerOutOfMemoryError) || firstMb >= ceilingMb) throw error;
    return runInWorker<T>(db, task, { maxHeapMb: ceilingMb });
  }
}

/** Evaluates in a worker, with the heap fallback of runWithHeapFallback. */
export const evaluateWithHeapFallback = (db: Db, clientId: string, firstMb: number, ceilingMb: number) =>
  runWithHeapFallback<EvaluationSummary | null>(db, { kind: 'evaluate', clientId }, firstMb, ceilingMb);

/** Directory objects of the client's newest snapshot (0 before the first): decides inline or worker. */
export async function domainObjectCount(db: Db, clientId: string): Promise<number> {
  const row = await clientDb(db, clientId)
    .selectFrom('snapshot')
    .select(sql<string>`coalesce((SELECT sum(value::bigint) FROM jsonb_each_text(object_counts)), 0)`.as('objects'))
    .where('state', '=', 'complete')
    .orderBy('collected_at', 'desc')
    .orderBy('snapshot_id_pk', 'desc')
    .limit(1)
    .executeTakeFirst();
  return Number(row?.objects ?? 0);
}

export interface EvaluationPlacement {
  /** Domains with at least this many objects are evaluated in a worker thread (EVALUATION_WORKER_MIN_OBJECTS). */
  workerMinObjects: number;
  /** The ceiling of the worker's heap limit (EVALUATION_WORKER_MAX_HEAP_MB); each worker gets what its domain needs. */
  workerMaxHeapMb: number;
}
