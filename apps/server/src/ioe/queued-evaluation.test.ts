import { snapshotSchema } from '@burgwall/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { insertProviderWithClient } from '../../../../test-support/tenants';
import { syntheticSnapshot } from '../../../../bench/checks/synthetic-snapshot';
import { saveSnapshot } from '../snapshots/snapshot-store';
import { jobsOf, waitForJobs } from '../../../../test-support/jobs';
import { IOE_EVALUATION_JOB } from './evaluation-jobs';

// „Jetzt neu auswerten“ and new thresholds on a large domain: the evaluation would keep the request open for up to a
// minute at a million objects (longer than a reverse proxy waits), so it is queued as a job (the rescan answers 202).
// Here every domain counts as large (EVALUATION_WORKER_MIN_OBJECTS=1); the job evaluates in the worker thread.

let test: TestApp;
let clientId: string;

beforeAll(async () => {
  test = await createTestApp({ EVALUATION_WORKER_MIN_OBJECTS: '1' });
  await test.app.ready();
  ({ clientId } = await insertProviderWithClient(test.database.db, { name: 'Großkunde GmbH' }));
  await saveSnapshot(test.database.db, clientId, 'batch-gross-1', snapshotSchema.parse(syntheticSnapshot(2000)));
}, 60_000);
afterAll(() => test.close(), 120_000);

const asClient = async () => test.headersFor('client', clientId);
const states = async () => (await test.app.inject({ method: 'GET', url: `/client/${clientId}/ioe/states`, headers: await asClient() })).json() as { lastEvaluatedAt: string | null; score: { score: number } | null };

it('queues the evaluation of a large domain and answers 202; the job brings the score', async () => {
  expect((await states()).lastEvaluatedAt).toBeNull();
  const response = await test.app.inject({ method: 'POST', url: `/client/${clientId}/audit/rescan`, headers: await asClient() });
  expect(response.statusCode).toBe(202);
  expect(response.json()).toEqual({ status: 'queued', message: expect.stringContaining('Die Auswertung läuft im Hintergrund') });
  expect(response.json().message).toContain('2.000 Objekten');

  await waitForJobs(test.database.db, [IOE_EVALUATION_JOB], 60_000);
  const evaluated = await states();
  expect(evaluated.lastEvaluatedAt).not.toBeNull();
  expect(evaluated.score?.score).toEqual(expect.any(Number));

  // Asked again with no new data: still evaluated again (the request counts), a new evaluation time.
  const again = await test.app.inject({ method: 'POST', url: `/client/${clientId}/audit/rescan`, headers: await asClient() });
  expect(again.statusCode).toBe(202);
  await waitForJobs(test.database.db, [IOE_EVALUATION_JOB], 60_000);
  expect((await states()).lastEvaluatedAt).not.toBe(evaluated.lastEvaluatedAt);
}, 120_000);

it('stores new thresholds of a large domain with their evaluation queued in the same transaction', async () => {
  const evaluatedBefore = (await states()).lastEvaluatedAt;
  const queuedBefore = (await jobsOf(test.database.db, [IOE_EVALUATION_JOB])).length;
  const response = await test.app.inject({
    method: 'POST',
    url: `/client/${clientId}/ioe/stale-accounts`,
    headers: await asClient(),
    payload: { thresholds: { inactiveDays: 90 } },
  });
  expect(response.statusCode).toBe(200);
  expect(response.json()).toMatchObject({ evaluationQueued: true, ioe: { ioeType: 'stale-accounts' } });
  expect(await jobsOf(test.database.db, [IOE_EVALUATION_JOB])).toHaveLength(queuedBefore + 1);
  await waitForJobs(test.database.db, [IOE_EVALUATION_JOB], 60_000);
  expect((await states()).lastEvaluatedAt).not.toBe(evaluatedBefore);

  const reset = await test.app.inject({ method: 'POST', url: `/client/${clientId}/ioe/thresholds/reset`, headers: await asClient() });
  expect(reset.json()).toEqual({ message: 'Die Schwellenwerte wurden auf die Standardwerte zurückgesetzt; die Auswertung läuft im Hintergrund.', evaluationQueued: true });
  expect(await jobsOf(test.database.db, [IOE_EVALUATION_JOB])).toHaveLength(queuedBefore + 2);
  await waitForJobs(test.database.db, [IOE_EVALUATION_JOB], 60_000);
}, 120_000);
