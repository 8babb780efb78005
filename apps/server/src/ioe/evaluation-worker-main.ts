/** The evaluation worker thread (see evaluation-worker.ts): runs one task of one client and reports its result. */
import { parentPort, workerData } from 'node:worker_threads';
import { analyseStoredSnapshot } from '../attack-paths/attack-path-analysis';
import { createDb } from '../db/database';
import { evaluateLatestSnapshot } from './ioe-evaluation';
import type { EvaluationWorkerInput, EvaluationWorkerOutput } from './evaluation-worker';

const { connectionString, task } = workerData as EvaluationWorkerInput;
// Three connections: the two halves of the domain and the Entra snapshot are read at once.
const db = createDb(connectionString, 3);
const work = task.kind === 'evaluate' ? evaluateLatestSnapshot(db, task.clientId) : analyseStoredSnapshot(db, task.clientId, task.snapshotId, task.extraTier0);
const output: EvaluationWorkerOutput = await work.then(
  (value) => ({ ok: true, value }),
  (error: Error) => ({ ok: false, message: error.message }),
);
await db.destroy();
parentPort?.postMessage(output);
