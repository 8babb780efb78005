import { sql, type Transaction } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../test-support/test-database';
import { insertProviderWithClient } from '../../../../test-support/tenants';
import { clientDb } from './client-db';
import { clientSchemaName } from './client-schema';
import { migrateClients, migrateClientSchema } from './migrator';

// Issue 15 (bench/api): migration 0350 moves the dashboard's change records from each client schema into the global
// `ioe_states_change`, so the tenant guard's probe is a query of static text. A client schema as version 0330 left it,
// with a record of its own, then migrated. Real PostgreSQL.

let test: TestDatabase;
let clientId: string;
let schema: string;
let before: string;
let recorded: string;

const changed = async (snapshot: string) =>
  (await sql<{ changed: boolean | null }>`SELECT burgwall_ioe_states_changed(${clientId}::uuid, ${snapshot}::pg_snapshot) AS changed`.execute(test.db)).rows[0]?.changed;

beforeAll(async () => {
  test = await createTestDatabase();
  ({ clientId } = await insertProviderWithClient(test.db, { name: 'Umzug GmbH' }));
  schema = clientSchemaName(clientId);
  await sql`DROP SCHEMA ${sql.id(schema)} CASCADE`.execute(test.db);
  await test.db.transaction().execute((trx) => migrateClientSchema(trx as unknown as Transaction<unknown>, clientId, '0330_bulk_tables_without_row_triggers.sql'));
  // A dashboard answer kept from this snapshot, then a write it did not see, recorded by the old trigger in the schema.
  before = (await sql<{ snapshot: string }>`SELECT pg_current_snapshot()::text AS snapshot`.execute(test.db)).rows[0]?.snapshot as string;
  await clientDb(test.db, clientId).updateTable('ioe').set({ criticality_override: 'low' }).execute();
  recorded = (await sql<{ xact: string }>`SELECT max(xact)::text AS xact FROM ${sql.id(schema, 'ioe_states_change')}`.execute(test.db)).rows[0]?.xact as string;
}, 60_000);
afterAll(() => test.drop());

it('answers "unknown" while the client still records its changes in its own schema', async () => {
  expect(recorded).toBeTruthy();
  expect(await changed(before)).toBeNull();
});

it('carries the records over, so an answer kept before the migration still sees the write it missed', async () => {
  const report = await migrateClients(test.db, [clientId]);
  expect(report.failed).toEqual({});
  expect(report.clients[clientId]).toContain('0350_ioe_states_change_global.sql');
  expect((await sql`SELECT to_regclass(${`${schema}.ioe_states_change`}) AS own`.execute(test.db)).rows).toEqual([{ own: null }]);
  const carried = await sql<{ xact: string }>`SELECT xact::text FROM ioe_states_change WHERE client_fk = ${clientId}`.execute(test.db);
  expect(carried.rows.map((row) => row.xact)).toContain(recorded);
  expect(await changed(before)).toBe(true);
});

it('records new writes in the global table from then on', async () => {
  const now = (await sql<{ snapshot: string }>`SELECT pg_current_snapshot()::text AS snapshot`.execute(test.db)).rows[0]?.snapshot as string;
  expect(await changed(now)).toBe(false);
  await clientDb(test.db, clientId).updateTable('ioe').set({ criticality_override: null }).execute();
  expect(await changed(now)).toBe(true);
});
