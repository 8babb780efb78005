/**
 * Ingestion benchmark: change records per second through the real ingestion path (saveChanges + the IoA
 * evaluation the job runs → ioa_event rows → NOTIFY) and the latency from the start of an upload to the delivery of its
 * IoA event to a GraphQL subscriber over a real WebSocket (graphql-ws) on a second server instance.
 *
 *   node --import tsx bench/ingest/ingest-bench.ts [changes=100000] [batch=1000] [clients=2] [attackEvery=100]
 */
import { randomUUID } from 'node:crypto';
import type { AttributeChange } from '@burgwall/shared';
import { createClient as createWsClient } from 'graphql-ws';
import WebSocket from 'ws';
import { sql } from 'kysely';
import { buildApp } from '../../apps/server/src/app';
import { saveChanges } from '../../apps/server/src/changes/change-store';
import { createClient } from '../../apps/server/src/clients/create-client';
import { loadConfig } from '../../apps/server/src/config';
import { createDb } from '../../apps/server/src/db/database';
import { migrateAll } from '../../apps/server/src/db/migrator';
import { GRAPHQL_PATH } from '../../apps/server/src/graphql/register-graphql';
import { evaluateStoredChanges } from '../../apps/server/src/ioa/ioa-evaluation';
import { createServices } from '../../apps/server/src/services';
import { createEmptyDatabase, findOrStartPostgres } from '../../test-support/postgres-server';

const [totalArg, batchArg, clientsArg, attackArg] = process.argv.slice(2).map(Number);
const TOTAL = totalArg || 100_000;
const BATCH = batchArg || 1000;
const CLIENTS = clientsArg || 2;
const ATTACK_EVERY = attackArg || 100;

const postgres = await findOrStartPostgres();
const database = await createEmptyDatabase(postgres.adminUrl);
const config = loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', SEED_DEMO: 'false', APP_SECRET: 'burgwall-bench-secret-0123456789' });
// Instance 1 ingests, instance 2 serves the subscribers: delivery crosses instances through LISTEN/NOTIFY.
const ingestDb = createDb(database.url, 10);
await migrateAll(ingestDb);
const ingest = await createServices(config, ingestDb);
const ingestApp = await buildApp(ingest);
const liveDb = createDb(database.url, 5);
const live = await createServices(config, liveDb);
const liveApp = await buildApp(live);
const liveUrl = await liveApp.listen({ port: 0, host: '127.0.0.1' });

const provider = await ingestDb.insertInto('serviceprovider').values({ serviceprovider_name: 'Bench GmbH' }).returning('serviceprovider_id_pk').executeTakeFirstOrThrow();
const clientIds: string[] = [];
for (let i = 0; i < CLIENTS; i += 1) {
  clientIds.push(await createClient(ingestDb, { serviceproviderId: provider.serviceprovider_id_pk, name: `Bench-Kunde ${i}`, employeeCount: 100 }));
}

for (const clientId of clientIds) {
  for (const statement of (process.env.BENCH_SQL ?? '').split(';').filter((x) => x.trim())) {
    await sql.raw(statement.replaceAll('{schema}', `"${clientId.replaceAll('-', '_')}"`)).execute(ingestDb);
  }
}

// One subscriber per client, each authenticated as that client's user.
const sentAt = new Map<string, number>();
const storedAt = new Map<string, number>();
const latencies: number[] = [];
const afterStore: number[] = [];
let delivered = 0;
const subscribers = await Promise.all(
  clientIds.map(async (clientId) => {
    const token = await live.tokens.issue({ userId: randomUUID(), email: 'bench@example.com', orgId: clientId, roles: ['client'] });
    const ws = createWsClient({
      url: `${liveUrl.replace(/^http/, 'ws')}${GRAPHQL_PATH}`,
      webSocketImpl: WebSocket,
      connectionParams: { headers: { authorization: `Bearer ${token}`, 'x-hasura-role': 'client' } },
      retryAttempts: 0,
    });
    ws.subscribe<{ ioaEvents: { title: string } }>(
      { query: `subscription ($id: ID!) { ioaEvents(clientId: $id) { title } }`, variables: { id: clientId } },
      {
        next: (result) => {
          const marker = result.data?.ioaEvents.title.match(/bench-\d+/)?.[0];
          const start = marker ? sentAt.get(marker) : undefined;
          if (start !== undefined) latencies.push(performance.now() - start);
          const stored = marker ? storedAt.get(marker) : undefined;
          if (stored !== undefined) afterStore.push(performance.now() - stored);
          delivered += 1;
        },
        error: (error) => console.error('subscription error', error),
        complete: () => {},
      },
    );
    return ws;
  }),
);
while (live.live.listenerCount < CLIENTS) await new Promise((resolve) => setTimeout(resolve, 20));
await new Promise((resolve) => setTimeout(resolve, 200));

let usn = 1;
let storeMs = 0;
let evaluateMs = 0;
let attacks = 0;
function batchOf(size: number): { changes: AttributeChange[]; markers: string[] } {
  const changes: AttributeChange[] = [];
  const markers: string[] = [];
  const now = new Date().toISOString();
  for (let i = 0; i < size; i += 1) {
    usn += 1;
    if (usn % ATTACK_EVERY === 0) {
      const marker = `bench-${usn}`;
      markers.push(marker);
      changes.push({
        objectGuid: randomUUID(),
        objectClass: 'group',
        distinguishedName: 'CN=Domain Admins,CN=Users,DC=bench,DC=local',
        propertyName: 'member',
        oldValue: null,
        newValue: `CN=${marker},CN=Users,DC=bench,DC=local`,
        timestamp: now,
        usn,
      });
    } else {
      // Everyday noise: logons, descriptions, password changes.
      const property = ['lastLogonTimestamp', 'description', 'pwdLastSet', 'userAccountControl'][usn % 4] as string;
      changes.push({
        objectGuid: randomUUID(),
        objectClass: 'user',
        distinguishedName: `CN=Benutzer ${usn},OU=Mitarbeiter,DC=bench,DC=local`,
        propertyName: property,
        oldValue: property === 'userAccountControl' ? '512' : '1',
        newValue: property === 'userAccountControl' ? '514' : '2',
        timestamp: now,
        usn,
      });
    }
  }
  return { changes, markers };
}

/** One client's collector: uploads its share batch after batch (uploads of one client are sequential). */
async function collector(clientId: string, count: number): Promise<void> {
  for (let sent = 0; sent < count; sent += BATCH) {
    const { changes, markers } = batchOf(Math.min(BATCH, count - sent));
    const start = performance.now();
    for (const marker of markers) sentAt.set(marker, start);
    attacks += markers.length;
    const { changeIds } = await saveChanges(ingestDb, clientId, changes);
    const stored = performance.now();
    for (const marker of markers) storedAt.set(marker, stored);
    storeMs += stored - start;
    await evaluateStoredChanges(ingestDb, ingest.live, clientId, changeIds);
    evaluateMs += performance.now() - stored;
  }
}

const started = performance.now();
await Promise.all(clientIds.map((clientId) => collector(clientId, Math.floor(TOTAL / CLIENTS))));
const ingestSeconds = (performance.now() - started) / 1000;
const deadline = performance.now() + 10_000;
while (delivered < attacks && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));

latencies.sort((a, b) => a - b);
afterStore.sort((a, b) => a - b);
const percentile = (values: number[], p: number) => values[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)] ?? NaN;
const pct = (p: number) => percentile(latencies, p);
const stored = await ingestDb.selectFrom('client').select('client_id_pk').execute();
console.log(
  JSON.stringify(
    {
      changes: Math.floor(TOTAL / CLIENTS) * CLIENTS,
      clients: stored.length,
      batch: BATCH,
      attackChanges: attacks,
      ioaDelivered: delivered,
      seconds: Number(ingestSeconds.toFixed(2)),
      changesPerSecond: Math.round((Math.floor(TOTAL / CLIENTS) * CLIENTS) / ingestSeconds),
      storeMsTotal: Math.round(storeMs),
      evaluateMsTotal: Math.round(evaluateMs),
      // From the start of the upload that carried the change (includes storing the whole batch) to delivery.
      latencyMs: { p50: Math.round(pct(50)), p99: Math.round(pct(99)), max: Math.round(latencies.at(-1) ?? NaN) },
      // From the moment the batch is committed (saveChanges returned) to delivery: evaluation + NOTIFY + WebSocket.
      storedToDeliveredMs: { p50: Math.round(percentile(afterStore, 50)), p99: Math.round(percentile(afterStore, 99)), max: Math.round(afterStore.at(-1) ?? NaN) },
    },
    null,
    2,
  ),
);

for (const ws of subscribers) await ws.dispose();
await liveApp.close();
await ingestApp.close();
await liveDb.destroy();
await ingestDb.destroy();
await database.drop();
await postgres.stop();
