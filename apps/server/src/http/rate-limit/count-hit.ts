import { sql } from 'kysely';
import type { Db } from '../../db/database';

export interface HitCount {
  /** Hits in the current window, this one included. */
  count: number;
  /** Milliseconds until the window ends. */
  resetInMs: number;
}

/**
 * Counts one hit for `key` in a fixed window of `windowMs`, atomically in PostgreSQL (one statement, so concurrent
 * requests on several instances cannot lose a count). Expired windows start over.
 */
export async function countHit(db: Db, key: string, windowMs: number): Promise<HitCount> {
  const window = `${Math.max(1, Math.round(windowMs))} milliseconds`;
  const { rows } = await sql<{ count: number; reset_in_ms: number }>`
    INSERT INTO rate_limit_hit (key, count, reset_at) VALUES (${key}, 1, now() + ${window}::interval)
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limit_hit.reset_at <= now() THEN 1 ELSE rate_limit_hit.count + 1 END,
      reset_at = CASE WHEN rate_limit_hit.reset_at <= now() THEN now() + ${window}::interval ELSE rate_limit_hit.reset_at END
    RETURNING count, (extract(epoch FROM reset_at - now()) * 1000)::integer AS reset_in_ms`.execute(db);
  const row = rows[0] ?? { count: 1, reset_in_ms: windowMs };
  // Now and then, drop windows that ended long ago (the table holds only live windows plus a little).
  if (Math.random() < 0.01) await sql`DELETE FROM rate_limit_hit WHERE reset_at < now() - interval '1 hour'`.execute(db);
  return { count: row.count, resetInMs: Math.max(0, row.reset_in_ms) };
}

/** Whether another hit is allowed; `retryAfterSeconds` for the Retry-After header when it is not. */
export async function throttle(db: Db, key: string, max: number, windowMs: number): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  const { count, resetInMs } = await countHit(db, key, windowMs);
  return { allowed: count <= max, retryAfterSeconds: Math.max(1, Math.ceil(resetInMs / 1000)) };
}
