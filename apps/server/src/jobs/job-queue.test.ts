import { sql, type Transaction } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../test-support/test-database';
import { JobQueue } from './job-queue';

// One Entra collection, retention run or licence check per key: pg-boss 10 honours a singletonKey only on a queue
// whose policy says so, and createQueue never changes a queue that exists — so an installation whose queue was
// created before must get the policy too.

const JOB = 'test-one-per-key';
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase({ migrate: false });
}, 60_000);
afterAll(() => database.drop(), 120_000);

const jobsByState = async () => {
  const { rows } = await sql<{ state: string; key: string }>`SELECT state, singleton_key AS key FROM pgboss.job WHERE name = ${JOB} ORDER BY created_on, id`.execute(database.db);
  return rows.map((row) => `${row.key}:${row.state}`);
};

async function until(condition: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out; jobs: ${(await jobsByState()).join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

it('keeps one job per key waiting, also on a queue an older version created without that policy', async () => {
  // The queue as an older version left it: created with the standard policy.
  const older = new JobQueue(database.db);
  older.define({ name: JOB, handler: async () => {} });
  await older.start();
  await older.stop();
  const created = await sql<{ policy: string }>`SELECT policy FROM pgboss.queue WHERE name = ${JOB}`.execute(database.db);
  expect(created.rows[0]?.policy).toBe('standard');

  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const ran: string[] = [];
  const queue = new JobQueue(database.db);
  queue.define<{ key: string }>({
    name: JOB,
    onePerKey: true,
    handler: async ({ key }) => {
      ran.push(key);
      await released;
    },
  });
  await queue.start();
  try {
    const updated = await sql<{ policy: string }>`SELECT policy FROM pgboss.queue WHERE name = ${JOB}`.execute(database.db);
    expect(updated.rows[0]?.policy).toBe('short');

    await queue.enqueue(JOB, { key: 'kunde-a' }, { singletonKey: 'kunde-a' });
    await until(async () => ran.length === 1);
    // One of kunde-a runs: one more may wait, a third is dropped; another key is not held back by them.
    await queue.enqueue(JOB, { key: 'kunde-a' }, { singletonKey: 'kunde-a' });
    await queue.enqueue(JOB, { key: 'kunde-a' }, { singletonKey: 'kunde-a' });
    await queue.enqueue(JOB, { key: 'kunde-b' }, { singletonKey: 'kunde-b' });
    expect((await jobsByState()).filter((job) => job.startsWith('kunde-a'))).toEqual(['kunde-a:active', 'kunde-a:created']);
    release();
    await until(async () => (await jobsByState()).every((job) => job.endsWith(':completed')));
    expect(ran.sort()).toEqual(['kunde-a', 'kunde-a', 'kunde-b']);
  } finally {
    release();
    await queue.stop();
  }
}, 60_000);

it('queues a job sent inside a transaction exactly when that transaction commits', async () => {
  const name = 'test-in-transaction';
  const queue = new JobQueue(database.db);
  // No worker may take the job before it is counted: a handler that never finishes keeps it in sight.
  queue.define({ name, handler: () => new Promise<void>(() => {}) });
  await queue.start();
  const count = async () => Number((await sql<{ n: string }>`SELECT count(*) AS n FROM pgboss.job WHERE name = ${name}`.execute(database.db)).rows[0]?.n);
  try {
    // The data's transaction fails after the job was sent: neither the data nor the job exist.
    await expect(
      database.db.transaction().execute(async (trx) => {
        await queue.enqueue(name, { step: 'rolled back' }, { trx: trx as Transaction<unknown> });
        throw new Error('storing the data failed');
      }),
    ).rejects.toThrow('storing the data failed');
    expect(await count()).toBe(0);
    await database.db.transaction().execute((trx) => queue.enqueue(name, { step: 'committed' }, { trx: trx as Transaction<unknown> }));
    expect(await count()).toBe(1);
  } finally {
    await queue.stop();
  }
}, 60_000);
