/** The evaluation worker thread (see evaluation-worker.ts): evaluates one client and reports its summary. */
import { parentPort, workerData } from 'node:worker_threads';
import { createDb } from '../db/database';
import { evaluateLatestSnapshot } from './ioe-evaluation';
import type { EvaluationWorkerInput, EvaluationWorkerOutput } from './evaluation-worker';

const { connectionString, clientId } = workerData as EvaluationWorkerInput;
// Three connections: the two halves of the domain and the Entra snapshot are read at once.
const db = createDb(connectionString, 3);
const output: EvaluationWorkerOutput = await evaluateLatestSnapshot(db, clientId).then(
  (summary) => ({ ok: true, summary }),
  (error: Error) => ({ ok: false, message: error.message }),
);
await db.destroy();
parentPort?.postMessage(output);
