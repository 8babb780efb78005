import { gunzipSync } from 'node:zlib';
import { type SnapshotBeginAnswer, type SnapshotHead, snapshotPartLineSchema } from '@burgwall/shared';
import type { Db } from '../../apps/server/src/db/database';
import { requestIoeEvaluation } from '../../apps/server/src/ioe/evaluation-jobs';
import type { JobQueue } from '../../apps/server/src/jobs/job-queue';
import { beginSnapshot, commitSnapshot, storeSnapshotPart } from '../../apps/server/src/snapshots/snapshot-store';

export interface Upload {
  baseUrl: string;
  clientId: string;
  collectorKey: string;
  batchId: string;
  head: SnapshotHead;
  parts: Buffer[];
}

async function call(method: string, url: string, key: string, body: Buffer | string, contentType: string, gzip = false): Promise<unknown> {
  const response = await fetch(url, {
    method,
    headers: { authorization: `ApiKey ${key}`, 'x-burgwall-machine': 'bench-scale', 'content-type': contentType, ...(gzip ? { 'content-encoding': 'gzip' } : {}) },
    body: typeof body === 'string' ? body : new Uint8Array(body),
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${(await response.text()).slice(0, 500)}`);
  return response.json();
}

/**
 * The collector's upload in parts over HTTP (the contract of the parts routes): begin with the head, the parts as gzip
 * NDJSON — as many at once as the begin answer allows, as the collector sends them (`sendSnapshotParts`) — then commit
 * with the part count. The commit queues the evaluation.
 */
export async function uploadOverHttp(upload: Upload): Promise<void> {
  const base = `${upload.baseUrl}/client/${upload.clientId}/collector/snapshots`;
  const begun = (await call('POST', base, upload.collectorKey, JSON.stringify({ batchId: upload.batchId, head: upload.head }), 'application/json')) as SnapshotBeginAnswer;
  let next = 0;
  const sendNext = async () => {
    for (let index = next++; index < upload.parts.length; index = next++) {
      await call('PUT', `${base}/${upload.batchId}/parts/${index + 1}`, upload.collectorKey, upload.parts[index] as Buffer, 'application/x-ndjson', true);
    }
  };
  await Promise.all(Array.from({ length: begun.partsAtOnce ?? 1 }, sendNext));
  await call('POST', `${base}/${upload.batchId}/commit`, upload.collectorKey, JSON.stringify({ partCount: upload.parts.length }), 'application/json');
}

/**
 * TEMPORARY stand-in while the parts routes are not merged: the same steps in this process through the store
 * functions those routes call (every line gunzipped, parsed and validated with snapshotPartLineSchema as a route
 * would), and the commit queues the evaluation in its transaction like the upload routes do. The server process
 * then evaluates it as a job. Measures the storing, not HTTP; use `--http` once the routes exist.
 */
export async function uploadDirect(db: Db, jobs: JobQueue, upload: Upload): Promise<void> {
  const { snapshotId } = await beginSnapshot(db, upload.clientId, upload.batchId, upload.head);
  for (const [index, part] of upload.parts.entries()) {
    const text = gunzipSync(part).toString('utf8');
    function* lines() {
      let start = 0;
      for (let end = text.indexOf('\n'); end !== -1; start = end + 1, end = text.indexOf('\n', start)) yield snapshotPartLineSchema.parse(JSON.parse(text.slice(start, end)));
    }
    await storeSnapshotPart(db, upload.clientId, snapshotId, index + 1, lines());
  }
  await db.transaction().execute(async (trx) => {
    await commitSnapshot(trx, upload.clientId, snapshotId, upload.parts.length);
    await requestIoeEvaluation(jobs, trx, upload.clientId);
  });
}
