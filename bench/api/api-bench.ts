/**
 * API throughput and latency under load: autocannon at 50 and 200 connections against the client dashboard read
 * (ioe/states of an evaluated demo client), the provider's client list with 1,000 clients (the monitoring page's page of 24, and all cards) and GraphQL client_by_pk, on
 * the real server (built as `npm start` runs it, apps/server/dist/main.mjs, in its own process), next to a bare Fastify route in the same run.
 *
 *   node --import tsx bench/api/api-bench.ts [seconds=10] [providerClients=1000]
 */
import { type ChildProcess, spawn } from 'node:child_process';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { loadConfig } from '../../apps/server/src/config';
import { createDb } from '../../apps/server/src/db/database';
import { clientsBehind, migrateAll, migrateClients } from '../../apps/server/src/db/migrator';
import { seedDemoData } from '../../apps/server/src/demo/seed';
import { GRAPHQL_PATH } from '../../apps/server/src/graphql/register-graphql';
import { createServices } from '../../apps/server/src/services';
import { builtServerArgs } from '../../test-support/built-server';
import { createEmptyDatabase, findOrStartPostgres } from '../../test-support/postgres-server';
import { freePort } from './free-port';

const [secondsArg, providerClientsArg] = process.argv.slice(2).map(Number);
const SECONDS = secondsArg || 10;
// BENCH_ONLY=ioe,page,all,graphql: a subset of the rows (e.g. while profiling one read); the bare route always runs.
const ONLY = process.env.BENCH_ONLY?.split(',');
const PROVIDER_CLIENTS = providerClientsArg || 1_000;
// Free ports of the moment: fixed ones collide with other instances on a shared machine.
const PORT = await freePort();
const BARE_PORT = await freePort();
const APP_SECRET = 'burgwall-bench-secret-0123456789';

const postgres = await findOrStartPostgres();
const database = await createEmptyDatabase(postgres.adminUrl);
const db = createDb(database.url, 10);
const children: ChildProcess[] = [];

try {
  await migrateAll(db);
  const config = loadConfig({ PORT: String(PORT), LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', SEED_DEMO: 'false', APP_SECRET });
  const services = await createServices(config, db);
  // The seed evaluates the demo clients itself, so they get real findings.
  const { providerId: demoProvider } = await seedDemoData(db, { snapshots: true });
  const demoClient = (await db.selectFrom('client').select('client_id_pk').where('serviceprovider_fk', '=', demoProvider).orderBy('client_name').executeTakeFirstOrThrow()).client_id_pk;

  const big = (await db.insertInto('serviceprovider').values({ serviceprovider_name: 'Bench-Dienstleister GmbH' }).returning('serviceprovider_id_pk').executeTakeFirstOrThrow()).serviceprovider_id_pk;
  await sql`INSERT INTO client (serviceprovider_fk, client_name, client_reported_employee_count, client_security_score)
    SELECT ${big}::uuid, 'Bench-Kunde ' || n, 50, n % 100 FROM generate_series(1, ${PROVIDER_CLIENTS}) AS n`.execute(db);
  await sql`INSERT INTO client_license (client_fk, employee_count) SELECT client_id_pk, 50 FROM client WHERE serviceprovider_fk = ${big}`.execute(db);
  await migrateClients(db, await clientsBehind(db), { concurrency: 4 });
  await sql`VACUUM ANALYZE`.execute(db);

  const asClient = { authorization: `Bearer ${await services.tokens.issue({ userId: '00000000-0000-4000-8000-000000000001', email: 'kunde@example.com', roles: ['client'], orgId: demoClient }, 3600)}`, 'x-hasura-role': 'client' };
  const asProvider = { authorization: `Bearer ${await services.tokens.issue({ userId: '00000000-0000-4000-8000-000000000002', email: 'msp@example.com', roles: ['serviceprovider'], orgId: big }, 3600)}`, 'x-hasura-role': 'serviceprovider' };

  children.push(spawn(process.execPath, ['--import', 'tsx', 'bench/api/bare-server.ts', String(BARE_PORT)], { stdio: 'inherit' }));
  children.push(
    // API_SERVER_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof") profiles the server under load.
    spawn(process.execPath, [...(process.env.API_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? []), ...(await builtServerArgs())], {
      env: { ...process.env, DATABASE_URL: database.url, PORT: String(PORT), HOST: '127.0.0.1', SEED_DEMO: 'false', LOG_LEVEL: 'warn', WEB_DIST: '/nonexistent', APP_SECRET },
      stdio: 'inherit',
    }),
  );
  await waitFor(`http://127.0.0.1:${PORT}/services/health`);
  await waitFor(`http://127.0.0.1:${BARE_PORT}/bare`);

  // What a browser sends (Chromium): every answer of the server may come compressed, as in the product.
  const asBrowser = { 'accept-encoding': 'gzip, deflate, br, zstd' };
  const query = `query ($id: ID!) { client_by_pk(client_id_pk: $id) { client_id_pk client_name client_mode client_initialized status_collector { version } domains { domain_entra_plan } } }`;
  const targets: Array<{ key: string; name: string; options: autocannon.Options }> = [
    { key: 'bare', name: 'bare Fastify route (reference)', options: { url: `http://127.0.0.1:${BARE_PORT}/bare` } },
    { key: 'ioe', name: 'client dashboard: GET ioe/states', options: { url: `http://127.0.0.1:${PORT}/client/${demoClient}/ioe/states`, headers: { ...asClient, ...asBrowser } } },
    // The same without compression (a caller that accepts none): the 76 KB text on the socket.
    { key: 'ioe-plain', name: 'client dashboard, uncompressed', options: { url: `http://127.0.0.1:${PORT}/client/${demoClient}/ioe/states`, headers: asClient } },
    // What the monitoring page loads: the first page of 24 cards, sorted by name, with the counts.
    { key: 'page', name: `provider client list, page of 24 (${PROVIDER_CLIENTS.toLocaleString('en')})`, options: { url: `http://127.0.0.1:${PORT}/serviceprovider/${big}/clients/page?mode=monitoring`, headers: { ...asProvider, ...asBrowser } } },
    // Every card at once (client switcher, billing, alerts): for comparison.
    { key: 'all', name: `provider client list, all ${PROVIDER_CLIENTS.toLocaleString('en')} cards`, options: { url: `http://127.0.0.1:${PORT}/serviceprovider/${big}/clients`, headers: { ...asProvider, ...asBrowser } } },
    {
      key: 'graphql',
      name: 'GraphQL client_by_pk',
      options: { url: `http://127.0.0.1:${PORT}${GRAPHQL_PATH}`, method: 'POST', headers: { ...asClient, ...asBrowser, 'content-type': 'application/json' }, body: JSON.stringify({ query, variables: { id: demoClient } }) },
    },
  ];
  console.log(`\nautocannon, ${SECONDS} s per row, same run (req/s, latency p50 / p99 ms, non-2xx + errors)`);
  // BENCH_CONNECTIONS=50: one level only (e.g. comparing server options run after run).
  for (const connections of process.env.BENCH_CONNECTIONS?.split(',').map(Number) ?? [50, 200]) {
    console.log(`\n${connections} connections`);
    for (const target of targets.filter((t) => t.key === 'bare' || !ONLY || ONLY.includes(t.key))) {
      const result = await autocannon({ ...target.options, connections, duration: SECONDS });
      const failures = result.non2xx + result.errors + result.timeouts;
      console.log(
        `  ${target.name.padEnd(42)} ${result.requests.average.toFixed(0).padStart(7)} req/s  p50 ${String(result.latency.p50).padStart(5)}  p99 ${String(result.latency.p99).padStart(5)}  failures ${failures}`,
      );
    }
  }
} finally {
  for (const child of children) {
    child.kill('SIGTERM');
    if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
  }
  await db.destroy();
  await database.drop();
  await postgres.stop();
}

async function waitFor(url: string): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (!(await fetch(url).then((r) => r.ok, () => false))) {
    if (Date.now() > deadline) throw new Error(`${url} did not answer`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
