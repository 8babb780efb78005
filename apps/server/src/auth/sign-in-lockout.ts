import { sql } from 'kysely';
import type { Db } from '../db/database';

/** Failed sign-ins of one account before it is locked; then 1, 2, 4, 8, 15, 15 … minutes. */
export const FAILURES_BEFORE_LOCKOUT = 5;
const MAX_LOCK_MINUTES = 15;

const account = (email: string) => email.trim().toLowerCase();

/** Minutes left of the account's lockout (0: not locked). Unknown addresses are counted like known ones. */
export async function lockoutMinutesLeft(db: Db, email: string): Promise<number> {
  const row = await db
    .selectFrom('sign_in_failure')
    .select(sql<number>`ceil(extract(epoch FROM locked_until - now()) / 60)`.as('minutes'))
    .where('account', '=', account(email))
    .where('locked_until', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return row ? Math.max(1, Number(row.minutes)) : 0;
}

/** Counts a failed sign-in; from the fifth on, the account is locked for a doubling time (at most 15 minutes). */
export async function recordFailedSignIn(db: Db, email: string): Promise<void> {
  await sql`
    INSERT INTO sign_in_failure (account, failures, locked_until, last_failure_at) VALUES (${account(email)}, 1, NULL, now())
    ON CONFLICT (account) DO UPDATE SET
      -- A quiet day forgives earlier failures.
      failures = CASE WHEN sign_in_failure.last_failure_at < now() - interval '1 day' THEN 1 ELSE sign_in_failure.failures + 1 END,
      last_failure_at = now(),
      locked_until = CASE
        WHEN sign_in_failure.last_failure_at >= now() - interval '1 day' AND sign_in_failure.failures + 1 >= ${FAILURES_BEFORE_LOCKOUT}
        THEN now() + least(${MAX_LOCK_MINUTES}, power(2, sign_in_failure.failures + 1 - ${FAILURES_BEFORE_LOCKOUT})) * interval '1 minute'
        ELSE NULL END`.execute(db);
}

export async function clearFailedSignIns(db: Db, email: string): Promise<void> {
  await db.deleteFrom('sign_in_failure').where('account', '=', account(email)).execute();
}

export const lockedOutMessage = (minutes: number) =>
  `Zu viele fehlgeschlagene Anmeldungen. Bitte versuchen Sie es in ${minutes === 1 ? 'einer Minute' : `${minutes} Minuten`} erneut.`;
