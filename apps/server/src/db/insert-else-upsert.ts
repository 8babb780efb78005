import type { Db } from './database';
import { UNIQUE_VIOLATION, succeedsInSavepoint } from './savepoint';

/**
 * A plain INSERT of rows that are normally all new, and the upsert of the same rows only when one of them exists
 * already. `ON CONFLICT` makes PostgreSQL insert every row speculatively (bench/README.md, "Bulk writes": ~11 % more
 * per directory row, ~40 % per finding), a price worth paying only when a conflict is likely. The INSERT runs in a
 * savepoint, so a duplicate key undoes just that statement. `trx` must be a transaction.
 */
export async function insertElseUpsert(trx: Db, insert: () => Promise<unknown>, upsert: () => Promise<unknown>): Promise<void> {
  if (!(await succeedsInSavepoint(trx, UNIQUE_VIOLATION, insert))) await upsert();
}
