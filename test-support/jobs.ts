import { sql } from 'kysely';
import type { Db } from '../apps/server/src/db/database';

export interface QueuedJob {
  name: string;
  state: string;
  data: Record<string, unknown>;
}

/** The jobs of these kinds in the queue (any state), oldest first — what a store really enqueued. */
export async function jobsOf(db: Db, names: readonly string[]): Promise<QueuedJob[]> {
  const result = await sql<QueuedJob>`SELECT name, state, data FROM pgboss.job WHERE name = ANY(${[...names]}::text[]) ORDER BY created_on, id`.execute(db);
  return result.rows;
}

/**
 * Waits until no job of these kinds is waiting or running; a job that failed (state retry/failed) fails the wait with
 * its error instead of waiting out its backoff.
 */
export async function waitForJobs(db: Db, names: readonly string[], timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await sql<{ state: string; output: unknown }>`
      SELECT state, output FROM pgboss.job WHERE name = ANY(${[...names]}::text[]) AND state IN ('created', 'retry', 'active', 'failed')`.execute(db);
    const failed = open.rows.find((row) => row.state === 'retry' || row.state === 'failed');
    if (failed) throw new Error(`job failed: ${JSON.stringify(failed.output)}`);
    if (open.rows.length === 0) return;
    if (Date.now() > deadline) throw new Error(`jobs still open after ${timeoutMs} ms: ${open.rows.map((row) => row.state).join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
