import { sql } from 'kysely';
import { clientSchemaName } from './client-schema';
import type { Db } from './database';

/**
 * `VACUUM (ANALYZE)` of one table of a client's schema: fresh statistics for the planner and a visibility map for
 * index-only scans right after a large write, instead of minutes later when autovacuum comes. Not in a transaction.
 */
export async function vacuumClientTable(db: Db, clientId: string, table: 'directory_object' | `directory_object_s${string}` | 'finding'): Promise<void> {
  await sql`VACUUM (ANALYZE) ${sql.id(clientSchemaName(clientId), table)}`.execute(db);
}
