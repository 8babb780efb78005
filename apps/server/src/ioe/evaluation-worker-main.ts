/** The evaluation worker thread (see evaluation-worker.ts): evaluates one client and reports its summary. */
import { parentPort, workerData } from 'node:worker_threads';
import { createDb } from '../db/database';
import { evaluateLatestSnapshot } from './ioe-evaluation';
import type { EvaluationWorkerInput, EvaluationWorkerOutput } from './evaluation-worker';

const { connectionString, clientId } = workerData as EvaluationWorkerInput;
// Two connections: the snapshot's pages are read while the Entra snapshot loads; findings go in one transaction.
const db = createDb(connectionString, 2);
const output: EvaluationWorkerOutput = await evaluateLatestSnapshot(db, clientId).then(
  (summary) => ({ ok: true, summary }),
  (error: Error) => ({ ok: false, message: error.message }),
);
await db.destroy();
parentPort?.postMessage(output);
