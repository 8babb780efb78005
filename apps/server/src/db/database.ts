import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';

export type Db = Kysely<Database>;

export function createDb(connectionString: string, maxConnections = 10): Db {
  const pool = new pg.Pool({ connectionString, max: maxConnections });
  // An idle connection dropped by the server (restart, shutdown) must not crash the process;
  // the pool replaces it on the next query.
  pool.on('error', (error) => console.warn(`[burgwall] idle database connection closed: ${error.message}`));
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}
