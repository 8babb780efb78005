import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';

export type Db = Kysely<Database>;

const pools = new WeakMap<Db, pg.Pool>();

/**
 * The pg pool behind a Db, for what Kysely cannot do: a dedicated connection that LISTENs for NOTIFY
 * (live subscriptions across server instances).
 */
export function poolOf(db: Db): pg.Pool {
  const pool = pools.get(db);
  if (!pool) throw new Error('This Db was not created by createDb');
  return pool;
}

export function createDb(connectionString: string, maxConnections = 10): Db {
  const pool = new pg.Pool({ connectionString, max: maxConnections });
  // An idle connection dropped by the server (restart, shutdown) must not crash the process;
  // the pool replaces it on the next query.
  pool.on('error', (error) => console.warn(`[burgwall] idle database connection closed: ${error.message}`));
  // A connection lost while checked out between two statements (a transaction, a job) would otherwise raise an
  // uncaught 'error' and end the process; its next statement fails instead and the request answers 503.
  pool.on('connect', (client) => client.on('error', (error) => console.warn(`[burgwall] database connection lost: ${error.message}`)));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  pools.set(db, pool);
  return db;
}
