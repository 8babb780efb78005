import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type Kysely, sql, type Transaction } from 'kysely';
import { clientSchemaName } from './client-schema';
import type { Db } from './database';

interface Migration {
  name: string;
  sql: string;
}

function loadMigrations(folder: 'global' | 'client'): Migration[] {
  const dir = fileURLToPath(new URL(`./migrations/${folder}/`, import.meta.url));
  return readdirSync(dir)
    .filter((file) => /^\d{4}_[a-z0-9_]+\.sql$/.test(file))
    .sort()
    .map((file) => ({ name: file, sql: readFileSync(`${dir}${file}`, 'utf8') }));
}

const globalMigrations = loadMigrations('global');
const clientMigrations = loadMigrations('client');

export const clientMigrationNames = (): string[] => clientMigrations.map((m) => m.name);

/** Serialises migrations across server instances sharing one database. */
const MIGRATION_LOCK_KEY = 4_711_001;

async function applyPending(
  trx: Transaction<unknown>,
  schema: string,
  migrations: readonly Migration[],
): Promise<string[]> {
  await sql`CREATE TABLE IF NOT EXISTS ${sql.id(schema, 'schema_migrations')} (
    name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`.execute(trx);
  const done = await sql<{ name: string }>`SELECT name FROM ${sql.id(schema, 'schema_migrations')}`.execute(trx);
  const applied = new Set(done.rows.map((row) => row.name));
  const ran: string[] = [];
  // SET LOCAL keeps the search_path change inside this transaction only.
  await sql`SELECT set_config('search_path', ${`"${schema}", public`}, true)`.execute(trx);
  for (const migration of migrations) {
    if (applied.has(migration.name)) continue;
    await sql.raw(migration.sql).execute(trx);
    await sql`INSERT INTO ${sql.id(schema, 'schema_migrations')} (name) VALUES (${migration.name})`.execute(trx);
    ran.push(migration.name);
  }
  return ran;
}

/** Brings one client's schema up to date (creating it if needed) inside the given transaction. */
export async function migrateClientSchema(trx: Transaction<unknown>, clientId: string): Promise<string[]> {
  const schema = clientSchemaName(clientId);
  await sql`CREATE SCHEMA IF NOT EXISTS ${sql.id(schema)}`.execute(trx);
  return applyPending(trx, schema, clientMigrations);
}

export interface MigrationReport {
  global: string[];
  clients: Record<string, string[]>;
}

/** Runs pending global migrations, then the per-client ones for every existing client. */
export async function migrateAll(db: Db): Promise<MigrationReport> {
  const anyDb = db as unknown as Kysely<unknown>;
  return anyDb.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`.execute(trx);
    const global = await applyPending(trx, 'public', globalMigrations);
    const clients = await sql<{ client_id_pk: string }>`SELECT client_id_pk FROM public.client`.execute(trx);
    const report: MigrationReport = { global, clients: {} };
    for (const { client_id_pk } of clients.rows) {
      report.clients[client_id_pk] = await migrateClientSchema(trx, client_id_pk);
    }
    return report;
  });
}
