import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import PgBoss from 'pg-boss';
import type { Db } from '../db/database';
import { poolOf } from '../db/database';

/** What a job runs: its data in, nothing out; a thrown error makes pg-boss retry it with backoff. */
export type JobHandler<T> = (data: T) => Promise<void>;

export interface JobDefinition<T> {
  name: string;
  handler: JobHandler<T>;
  /** Retries with exponential backoff (pg-boss retryBackoff) after a failure. */
  retryLimit?: number;
  /** Seconds before the first retry (doubling after each further failure); default 30. */
  retryDelaySeconds?: number;
  /**
   * At most one job per `singletonKey` waiting (pg-boss's `short` policy): a job sent while one of its key waits is
   * dropped. Only then does `singletonKey` do anything — pg-boss 10's standard policy ignores it. (Not `stately`, which
   * also allows one running per key: its fetch stops at a waiting job whose key runs, and every other key waits too.)
   */
  onePerKey?: boolean;
}

/** pg-boss runs its SQL through this executor: on the server's pool, or on a transaction's connection. */
function executorOn(db: Kysely<unknown>) {
  return {
    executeSql: async (text: string, values: unknown[]) => {
      const result = await db.executeQuery(CompiledQuery.raw(text, values));
      return { rows: result.rows as unknown[] };
    },
  };
}

/**
 * Background work in PostgreSQL (pg-boss, schema `pgboss`): jobs are stored rows, so a crash loses none, every
 * server instance works on the same queue, and `enqueue` inside a transaction makes a job exist exactly when the data
 * it works on was stored. Runs on the server's own connection pool.
 */
export class JobQueue {
  readonly #boss: PgBoss;
  readonly #definitions: JobDefinition<never>[] = [];
  #started = false;
  /** Set once `stop` returned: the pool may end any moment after that. */
  #stopped = false;

  constructor(db: Db) {
    const pool = poolOf(db);
    this.#boss = new PgBoss({
      db: {
        executeSql: async (text, values) => {
          // A handler that outlived stop's timeout still reports its result through pg-boss, which does not catch a
          // rejection there. Its job stays active, expires and is handed out again, so nothing is lost by not
          // touching the (possibly ended) pool. Without `rows` pg-boss reads "nothing affected, nothing fetched".
          if (this.#stopped) return { rows: undefined as unknown as unknown[] };
          return { rows: (await pool.query(text, values)).rows };
        },
      },
      schema: 'pgboss',
      // Finished jobs are kept a week for the admins' view, then pg-boss deletes them.
      deleteAfterDays: 7,
      // A failed job stays in the queue table for a week (not moved to the archive after 12 hours), so an admin can
      // still retry it from /admin/jobs after a weekend.
      archiveFailedAfterSeconds: 7 * 24 * 60 * 60,
    });
    // A failed poll (database briefly unreachable) is retried by pg-boss; it must not crash the process.
    this.#boss.on('error', (error) => console.warn(`[burgwall] job queue: ${error.message}`));
  }

  /** Declares a job kind; its worker starts with `start`. */
  define<T extends object>(definition: JobDefinition<T>): void {
    this.#definitions.push(definition as unknown as JobDefinition<never>);
  }

  async start(): Promise<void> {
    if (this.#started) return;
    this.#started = true;
    this.#stopped = false;
    await this.#boss.start();
    for (const definition of this.#definitions) {
      const options: PgBoss.Queue = {
        name: definition.name,
        policy: definition.onePerKey ? 'short' : 'standard',
        retryLimit: definition.retryLimit ?? 5,
        retryBackoff: true,
        retryDelay: definition.retryDelaySeconds ?? 30,
      };
      await this.#boss.createQueue(definition.name, options);
      // createQueue leaves an existing queue as it was created: an installation from before a change of these options
      // (policy, retries) gets them here.
      await this.#boss.updateQueue(definition.name, options);
      await this.#boss.work<object>(definition.name, { pollingIntervalSeconds: 0.5 }, async (jobs) => {
        for (const job of jobs) await definition.handler(job.data as never);
      });
    }
  }

  /**
   * Adds a job; with `trx` in the same transaction as the data it works on. `singletonKey` keeps one job of that
   * key queued at a time (e.g. one collection per client) on a queue defined `onePerKey`; `startAfterSeconds` holds
   * the job back that long.
   */
  async enqueue<T extends object>(name: string, data: T, options: { trx?: Transaction<unknown>; singletonKey?: string; startAfterSeconds?: number } = {}): Promise<void> {
    await this.#boss.send(name, data, {
      ...(options.trx ? { db: executorOn(options.trx) } : {}),
      ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
      ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
    });
  }

  /** Cancels a job that has not finished (e.g. one a crashed instance held). */
  async cancel(name: string, id: string): Promise<void> {
    await this.#boss.cancel(name, id);
  }

  /** Queues a failed job again with one more attempt (pg-boss changes only jobs in state failed). */
  async retry(name: string, id: string): Promise<void> {
    await this.#boss.retry(name, id);
  }

  /** Runs `name` on a cron schedule (UTC); one run per slot across all instances (pg-boss keeps the schedule). */
  async schedule(name: string, cron: string, data: object = {}): Promise<void> {
    await this.#boss.schedule(name, cron, data, { tz: 'UTC' });
  }

  async stop(): Promise<void> {
    if (!this.#started) return;
    this.#started = false;
    await this.#boss.stop({ graceful: true, wait: true, timeout: 5_000, close: false });
    this.#stopped = true;
  }
}
