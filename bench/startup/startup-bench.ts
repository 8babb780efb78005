/**
 * Start-up and cross-client reads at 10,000 clients: the real server (built as `npm start` runs it, `apps/server/dist/main.mjs`) starting on a database
 * with 10,000 client schemas of which every one has one pending migration (client migration 0120), next to the same
 * server starting when all schemas are current (the reference, same run); then the provider's client list (1,000 of
 * the clients) and the admin's log list over all 10,000, next to the bare health route of the same instance.
 *
 *   node --import tsx bench/startup/startup-bench.ts [clients=10000] [providerClients=1000]
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { sql } from 'kysely';
import { createDb } from '../../apps/server/src/db/database';
import { clientsBehind, clientMigrationNames, migrateClients, migrateGlobal } from '../../apps/server/src/db/migrator';
import { builtServerArgs } from '../../test-support/built-server';
import { createEmptyDatabase, findOrStartPostgres } from '../../test-support/postgres-server';
import { freePort } from '../api/free-port';
import { issueAdminToken, issueProviderToken, measure, type Timing } from './measure';

const [clientsArg, providerClientsArg] = process.argv.slice(2).map(Number);
const CLIENTS = clientsArg || 10_000;
const PROVIDER_CLIENTS = providerClientsArg || 1_000;
const PENDING = '0120_collector_status_summary.sql';
// A free port of the moment: a fixed one collides with other instances on a shared machine.
const PORT = await freePort();
const APP_SECRET = 'burgwall-bench-secret-0123456789';

const postgres = await findOrStartPostgres();
const database = await createEmptyDatabase(postgres.adminUrl);
const db = createDb(database.url, 10);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

try {
  await migrateGlobal(db);
  const [big, rest] = (await Promise.all(
    ['Bench-Dienstleister 1.000 GmbH', 'Bench-Dienstleister Rest GmbH'].map(async (name) =>
      (await db.insertInto('serviceprovider').values({ serviceprovider_name: name }).returning('serviceprovider_id_pk').executeTakeFirstOrThrow()).serviceprovider_id_pk,
    ),
  )) as [string, string];
  // Client rows in bulk; their schemas are created by the migrator itself (the path an upgrade takes).
  await sql`INSERT INTO client (serviceprovider_fk, client_name, client_reported_employee_count)
    SELECT CASE WHEN n <= ${PROVIDER_CLIENTS} THEN ${big}::uuid ELSE ${rest}::uuid END, 'Bench-Kunde ' || n, 50
    FROM generate_series(1, ${CLIENTS}) AS n`.execute(db);
  await sql`INSERT INTO client_license (client_fk, employee_count, free_seats) SELECT client_id_pk, 50, 2 FROM client`.execute(db);
  const started = Date.now();
  await migrateClients(db, await clientsBehind(db), { concurrency: 4, log: (line) => console.log(`  ${line}`) });
  console.log(`created ${CLIENTS.toLocaleString('en')} client schemas (all ${clientMigrationNames().length} client migrations) in ${seconds(Date.now() - started)}`);

  // One collector log per client, so the admin log list has something to merge.
  for (const { client_id_pk } of await db.selectFrom('client').select('client_id_pk').execute()) {
    await sql`INSERT INTO ${sql.table(`${client_id_pk.replaceAll('-', '_')}.collector_log`)} (log_name, content) VALUES ('collector.log', 'INFO start')`.execute(db);
  }

  // Every client one migration behind: undo 0120 in batches (one transaction over 10,000 schemas runs out of locks).
  const ids = (await db.selectFrom('client').select('client_id_pk').execute()).map((row) => row.client_id_pk);
  for (let start = 0; start < ids.length; start += 250) {
    await db.transaction().execute(async (trx) => {
      for (const id of ids.slice(start, start + 250)) {
        const schema = id.replaceAll('-', '_');
        await sql`DROP TRIGGER status_collector_summary ON ${sql.table(`${schema}.status_collector`)}`.execute(trx);
        await sql`DELETE FROM ${sql.table(`${schema}.schema_migrations`)} WHERE name = ${PENDING}`.execute(trx);
      }
    });
  }
  await sql`UPDATE client SET client_schema_migration = '0009_full_collection_request.sql'`.execute(db);
  await sql`TRUNCATE client_collector_status`.execute(db);
  await sql`VACUUM ANALYZE`.execute(db);

  const upgrade = await startServer(database.url);
  const current = await startServer(database.url);
  console.log(`\nStart-up with ${CLIENTS.toLocaleString('en')} client schemas (same run)`);
  console.log(`  one pending migration per client: serving after ${seconds(upgrade.servingMs)}, all clients current after ${seconds(upgrade.allCurrentMs ?? Number.NaN)}`);
  console.log(`  all clients current (reference):  serving after ${seconds(current.servingMs)}`);
  console.log(`  clients still behind afterwards: ${(await clientsBehind(db)).length}`);

  const server = current.child;
  const base = `http://127.0.0.1:${PORT}`;
  const provider = await issueProviderToken(db, APP_SECRET, PORT, big);
  const admin = await issueAdminToken(db, APP_SECRET, PORT);
  const rows: Array<[string, Timing]> = [
    ['GET /services/health (bare reference)', await measure(`${base}/services/health`, {})],
    [`GET provider client list (${PROVIDER_CLIENTS.toLocaleString('en')} clients)`, await measure(`${base}/serviceprovider/${big}/clients`, provider)],
    [`GET /admin/logs (${CLIENTS.toLocaleString('en')} clients)`, await measure(`${base}/admin/logs`, admin, 10)],
  ];
  console.log('\nSequential requests against the started server (median / p99 / max, ms)');
  for (const [name, timing] of rows) console.log(`  ${name.padEnd(48)} ${timing.median.toFixed(1).padStart(8)} ${timing.p99.toFixed(1).padStart(8)} ${timing.max.toFixed(1).padStart(8)}  (${timing.status})`);
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
} finally {
  await db.destroy();
  await database.drop();
  await postgres.stop();
}

/** Starts the built server (as `npm start`), returns when /services/health answers (and, when migrations ran, when the log says they finished). */
async function startServer(databaseUrl: string): Promise<{ child: ChildProcess; servingMs: number; allCurrentMs?: number }> {
  const begin = Date.now();
  const child = spawn(process.execPath, await builtServerArgs(), {
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(PORT), HOST: '127.0.0.1', SEED_DEMO: 'false', LOG_LEVEL: 'warn', WEB_DIST: '/nonexistent', APP_SECRET },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let migrating = false;
  let allCurrentMs: number | undefined;
  const finished = new Promise<void>((resolve) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      const text = chunk.toString();
      process.stdout.write(`${text.trimEnd().replace(/^/gm, '  | ')}\n`);
      if (text.includes('clients behind')) migrating = true;
      if (/clients checked in/.test(text)) {
        allCurrentMs = Date.now() - begin;
        resolve();
      }
    });
  });
  let servingMs = 0;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (await fetch(`http://127.0.0.1:${PORT}/services/health`).then((r) => r.ok, () => false)) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  servingMs = Date.now() - begin;
  if (migrating) await finished;
  if (allCurrentMs !== undefined && child !== undefined && migrating) {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
  return { child, servingMs, ...(allCurrentMs === undefined ? {} : { allCurrentMs }) };
}
