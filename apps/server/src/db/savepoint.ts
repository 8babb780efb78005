import { sql } from 'kysely';
import type { Db } from './database';

/** PostgreSQL's SQLSTATEs the callers of `succeedsInSavepoint` expect. */
export const UNIQUE_VIOLATION = '23505';
export const LOCK_NOT_AVAILABLE = '55P03';

/**
 * Runs `statement` in a savepoint of the transaction `trx`: true when it succeeded; false when it failed with
 * `sqlState`, in which case only that statement is undone and the transaction goes on. Any other error is thrown.
 */
export async function succeedsInSavepoint(trx: Db, sqlState: string, statement: () => Promise<unknown>): Promise<boolean> {
  await sql`SAVEPOINT burgwall_attempt`.execute(trx);
  let succeeded = true;
  try {
    await statement();
  } catch (error) {
    if ((error as { code?: unknown }).code !== sqlState) throw error;
    await sql`ROLLBACK TO SAVEPOINT burgwall_attempt`.execute(trx);
    succeeded = false;
  }
  // ROLLBACK TO keeps the savepoint; released either way so repeated attempts do not pile them up.
  await sql`RELEASE SAVEPOINT burgwall_attempt`.execute(trx);
  return succeeded;
}
