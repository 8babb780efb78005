import { snapshotSchema } from '@burgwall/shared';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../test-support/test-database';
import { insertProviderWithClient } from '../../../../test-support/tenants';
import { saveSnapshot } from '../snapshots/snapshot-store';
import type * as CheckSnapshotLoader from '../snapshots/check-snapshot-loader';
import { syntheticSnapshot } from '../../../../bench/checks/synthetic-snapshot';
import { attackPathOf, attackPathSummary, placeAttackPathAnalyses } from './attack-path-service';

// Counts the snapshot loads the analysis makes in this thread; the real load still runs (nothing is faked). A worker
// thread loads with its own, unmocked modules: it does not count here.
const loads = vi.hoisted(() => ({ count: 0 }));
vi.mock('../snapshots/check-snapshot-loader', async (importOriginal) => {
  const actual = await importOriginal<typeof CheckSnapshotLoader>();
  return {
    ...actual,
    loadCheckSnapshot: (...args: Parameters<typeof actual.loadCheckSnapshot>) => {
      loads.count++;
      return actual.loadCheckSnapshot(...args);
    },
  };
});

let database: TestDatabase;
let clientId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  ({ clientId } = await insertProviderWithClient(database.db, { name: 'Pfad GmbH' }));
  await saveSnapshot(database.db, clientId, 'batch-1', snapshotSchema.parse(syntheticSnapshot(3000)));
});
afterAll(() => database.drop());

it('loads a snapshot once however many requests ask for its analysis at the same time', async () => {
  // Ten aliases of one GraphQL query, the page's parallel reads: all arrive before the first load has finished.
  const answers = await Promise.all([
    ...Array.from({ length: 8 }, () => attackPathSummary(database.db, clientId, { limit: 5 })),
    attackPathOf(database.db, clientId, '00000000-0000-4000-8000-000000000001'),
    attackPathSummary(database.db, clientId, { limit: 1, search: 'grp' }),
  ]);
  expect(loads.count).toBe(1);
  expect(new Set(answers.slice(0, 8).map((answer) => JSON.stringify(answer))).size).toBe(1);
  expect(answers[0]).toMatchObject({ collectedAt: '2026-11-20T00:00:00.000Z', nodeCount: expect.any(Number) });
  // Afterwards the cached analysis answers without another load; a newer snapshot is loaded once again.
  await attackPathSummary(database.db, clientId, { limit: 5 });
  expect(loads.count).toBe(1);
  await saveSnapshot(database.db, clientId, 'batch-2', snapshotSchema.parse({ ...syntheticSnapshot(3000), collectedAt: '2026-11-21T00:00:00.000Z' }));
  await Promise.all([attackPathSummary(database.db, clientId, { limit: 5 }), attackPathSummary(database.db, clientId, { limit: 5 })]);
  expect(loads.count).toBe(2);
});

it('analyses a domain above the worker threshold in a worker thread, with the same answer', async () => {
  const inline = await attackPathSummary(database.db, clientId, { limit: 50 });
  const someone = inline.principals[0]?.principal.objectKey as string;
  const inlinePath = await attackPathOf(database.db, clientId, someone);
  // The same domain collected again (a new state: nothing cached), now with every domain analysed in a worker.
  placeAttackPathAnalyses({ workerMinObjects: 1, workerMaxHeapMb: 1024 });
  try {
    await saveSnapshot(database.db, clientId, 'batch-3', snapshotSchema.parse({ ...syntheticSnapshot(3000), collectedAt: '2026-11-22T00:00:00.000Z' }));
    const before = loads.count;
    const inWorker = await attackPathSummary(database.db, clientId, { limit: 50 });
    expect(loads.count).toBe(before);
    expect(inWorker).toEqual({ ...inline, collectedAt: '2026-11-22T00:00:00.000Z' });
    expect(await attackPathOf(database.db, clientId, someone)).toEqual(inlinePath);
  } finally {
    placeAttackPathAnalyses({ workerMinObjects: Number.MAX_SAFE_INTEGER, workerMaxHeapMb: 1024 });
  }
}, 60_000);
