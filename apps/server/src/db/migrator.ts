import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type Kysely, sql, type Transaction } from 'kysely';
import { SERVER_ROOT } from '../paths';
import { clientSchemaName } from './client-schema';
import type { Db } from './database';

interface Migration {
  name: string;
  sql: string;
}

function loadMigrations(folder: 'global' | 'client'): Migration[] {
  // From the server's folder, not this module's: bundled, this code runs from dist/main.mjs.
  const dir = path.join(SERVER_ROOT, 'src/db/migrations', folder, path.sep);
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
/** With the client id's hash: serialises one client's migration across instances. */
const CLIENT_MIGRATION_LOCK_KEY = 4_711_002;

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

const latestClientMigration = (): string => clientMigrations.at(-1)?.name ?? '';

/**
 * Brings one client's schema up to date (creating it if needed) inside the given transaction, and records it.
 * `upTo` stops after that migration (a test of a later migration needs a schema as an older version left it).
 */
export async function migrateClientSchema(trx: Transaction<unknown>, clientId: string, upTo?: string): Promise<string[]> {
  const schema = clientSchemaName(clientId);
  await sql`CREATE SCHEMA IF NOT EXISTS ${sql.id(schema)}`.execute(trx);
  const migrations = upTo === undefined ? clientMigrations : clientMigrations.filter((migration) => migration.name <= upTo);
  const ran = await applyPending(trx, schema, migrations);
  await sql`UPDATE public.client SET client_schema_migration = ${migrations.at(-1)?.name ?? latestClientMigration()} WHERE client_id_pk = ${clientId}`.execute(trx);
  return ran;
}

/** Runs the pending global migrations in one transaction, serialised across instances. */
export async function migrateGlobal(db: Db): Promise<string[]> {
  return (db as unknown as Kysely<unknown>).transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`.execute(trx);
    return applyPending(trx, 'public', globalMigrations);
  });
}

/** Clients whose schema is behind this server's per-client migrations (one query, however many clients). */
export async function clientsBehind(db: Db): Promise<string[]> {
  const rows = await sql<{ client_id_pk: string }>`
    SELECT client_id_pk FROM public.client
    WHERE client_schema_migration IS DISTINCT FROM ${latestClientMigration()}
    ORDER BY client_id_pk`.execute(db);
  return rows.rows.map((row) => row.client_id_pk);
}

export interface ClientMigrationOptions {
  /** Clients migrated at once, each in its own transaction on its own connection (keep below the pool size). */
  concurrency?: number;
  /** Progress lines ("… 2,500 of 10,000 …"), at most one per `progressEveryMs`. */
  log?: (line: string) => void;
  progressEveryMs?: number;
  /** Called after a client's transaction committed: its schema is current from now on. */
  onClientCurrent?: (clientId: string) => void;
}

/**
 * Brings the given clients up to date: one transaction per client (a failure rolls back only that client, the others
 * go on; an interrupted run resumes with the clients not yet recorded), at most `concurrency` at a time. Each
 * transaction takes one advisory lock of its own, so two instances never migrate the same client and no transaction
 * holds locks on thousands of schemas (which ran out of shared memory at 5,000 clients).
 */
export async function migrateClients(db: Db, clientIds: readonly string[], options: ClientMigrationOptions = {}): Promise<ClientMigrationReport> {
  const { concurrency = 4, log = () => {}, progressEveryMs = 5_000, onClientCurrent = () => {} } = options;
  const report: ClientMigrationReport = { clients: {}, failed: {} };
  let next = 0;
  let done = 0;
  let lastProgress = Date.now();
  const started = Date.now();
  const worker = async () => {
    while (next < clientIds.length) {
      const clientId = clientIds[next++] as string;
      try {
        report.clients[clientId] = await (db as unknown as Kysely<unknown>).transaction().execute(async (trx) => {
          await sql`SELECT pg_advisory_xact_lock(${CLIENT_MIGRATION_LOCK_KEY}, hashtext(${clientId}))`.execute(trx);
          return migrateClientSchema(trx, clientId);
        });
        onClientCurrent(clientId);
      } catch (error) {
        report.failed[clientId] = error instanceof Error ? error.message : String(error);
        log(`client migrations: client ${clientId} failed and stays unavailable until the next start: ${report.failed[clientId]}`);
      }
      done++;
      if (Date.now() - lastProgress >= progressEveryMs) {
        lastProgress = Date.now();
        log(`client migrations: ${done.toLocaleString('en')} of ${clientIds.length.toLocaleString('en')} clients checked`);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, clientIds.length)) }, worker));
  if (clientIds.length > 0) {
    const failed = Object.keys(report.failed).length;
    log(`client migrations: ${clientIds.length.toLocaleString('en')} clients checked in ${((Date.now() - started) / 1000).toFixed(1)} s${failed ? `, ${failed} failed` : ''}`);
  }
  return report;
}

export interface ClientMigrationReport {
  /** Migrations applied per client (empty: it was already current). */
  clients: Record<string, string[]>;
  /** Clients whose transaction failed, with the reason. */
  failed: Record<string, string>;
}

export interface MigrationReport extends ClientMigrationReport {
  global: string[];
}

/** Runs pending global migrations, then the per-client ones for every client behind (waits for all). */
export async function migrateAll(db: Db, options: ClientMigrationOptions = {}): Promise<MigrationReport> {
  const global = await migrateGlobal(db);
  const clients = await migrateClients(db, await clientsBehind(db), options);
  return { global, ...clients };
}
