import { Worker } from 'node:worker_threads';
import { sql } from 'kysely';
import { clientDb } from '../db/client-db';
import { poolOf, type Db } from '../db/database';
import type { EvaluationSummary } from './ioe-evaluation';

/** What the worker thread gets: where the database is and which client to evaluate. */
export interface EvaluationWorkerInput {
  connectionString: string;
  clientId: string;
}

export type EvaluationWorkerOutput = { ok: true; summary: EvaluationSummary | null } | { ok: false; message: string };

const entry = new URL('./evaluation-worker-entry.mjs', import.meta.url);

/**
 * Runs `evaluateLatestSnapshot` of one client in a worker thread with its own small connection pool, and resolves
 * with its summary. The checks of a million-object domain take seconds of CPU: in the server's thread they would stall
 * every request of every tenant for that long. The worker ends with the evaluation, so its memory is returned at
 * once and nothing outlives the job (the server stays stateless); a failure (or the heap limit) rejects, and the job
 * is retried as any failed evaluation.
 */
export function evaluateInWorker(db: Db, clientId: string, options: { maxHeapMb: number }): Promise<EvaluationSummary | null> {
  const connectionString = poolOf(db).options.connectionString;
  if (!connectionString) throw new Error('evaluateInWorker: the pool has no connection string');
  const input: EvaluationWorkerInput = { connectionString, clientId };
  const worker = new Worker(entry, { workerData: input, resourceLimits: { maxOldGenerationSizeMb: options.maxHeapMb } });
  return new Promise((resolve, reject) => {
    let settled = false;
    worker.once('message', (output: EvaluationWorkerOutput) => {
      settled = true;
      if (output.ok) resolve(output.summary);
      else reject(new Error(output.message));
    });
    worker.once('error', (error: Error & { code?: string }) => {
      settled = true;
      reject(
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? new Error(`Auswertung abgebrochen: mehr als ${options.maxHeapMb} MB Speicher (EVALUATION_WORKER_MAX_HEAP_MB)`)
          : error,
      );
    });
    worker.once('exit', (code) => {
      if (!settled) reject(new Error(`Auswertungs-Worker ohne Ergebnis beendet (Code ${code})`));
    });
  });
}

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
  /** The worker's heap limit (EVALUATION_WORKER_MAX_HEAP_MB). */
  workerMaxHeapMb: number;
}
