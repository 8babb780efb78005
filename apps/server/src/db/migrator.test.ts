import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../test-support/test-database';
import { createClient } from '../clients/create-client';
import { clientDb } from './client-db';
import { clientSchemaName, InvalidClientIdError } from './client-schema';
import { clientMigrationNames, clientsBehind, migrateAll, migrateClients } from './migrator';

let test: TestDatabase;
let providerId: string;

beforeAll(async () => {
  test = await createTestDatabase();
  const provider = await test.db
    .insertInto('serviceprovider')
    .values({ serviceprovider_name: 'Testanbieter' })
    .returning('serviceprovider_id_pk')
    .executeTakeFirstOrThrow();
  providerId = provider.serviceprovider_id_pk;
});
afterAll(() => test.drop());

async function columnsOf(schema: string, table: string): Promise<string[]> {
  const result = await sql<{ column_name: string }>`
    SELECT column_name FROM information_schema.columns WHERE table_schema = ${schema} AND table_name = ${table}`.execute(
    test.db,
  );
  return result.rows.map((row) => row.column_name);
}

describe('migrations', () => {
  it('are idempotent: a second run applies nothing', async () => {
    const again = await migrateAll(test.db);
    expect(again.global).toEqual([]);
  });

  it('creating a client creates its own schema with the status collector and domain tables', async () => {
    const clientId = await createClient(test.db, { serviceproviderId: providerId, name: 'Kunde A', employeeCount: 12 });
    const schema = clientSchemaName(clientId);
    expect(await columnsOf(schema, 'status_collector')).toContain('version');
    expect(await columnsOf(schema, 'domain')).toContain('domain_entra_plan');
    const status = await clientDb(test.db, clientId).selectFrom('status_collector').select('version').execute();
    expect(status).toEqual([{ version: null }]);
    const license = await test.db
      .selectFrom('client_license')
      .selectAll()
      .where('client_fk', '=', clientId)
      .executeTakeFirstOrThrow();
    expect(license).toMatchObject({ employee_count: 12, free_seats: 2, subscription_status: 'active' });
  });

  it('brings existing client schemas up to date on upgrade', async () => {
    const clientId = await createClient(test.db, { serviceproviderId: providerId, name: 'Kunde B', employeeCount: 3 });
    const schema = clientSchemaName(clientId);
    // Simulate a client created before any per-client migration existed.
    await sql`DROP SCHEMA ${sql.id(schema)} CASCADE`.execute(test.db);
    await sql`CREATE SCHEMA ${sql.id(schema)}`.execute(test.db);
    await sql`UPDATE client SET client_schema_migration = NULL WHERE client_id_pk = ${clientId}`.execute(test.db);
    const report = await migrateAll(test.db);
    expect(report.clients[clientId]).toEqual(clientMigrationNames());
    expect(clientMigrationNames()[0]).toBe('0001_core.sql');
    expect(await columnsOf(schema, 'domain')).toContain('domain_entra_plan');
  });

  it('migrates each client in its own transaction: a failing client rolls back alone and is retried by the next run', async () => {
    const healthy = await createClient(test.db, { serviceproviderId: providerId, name: 'Kunde Gesund', employeeCount: 3 });
    const broken = await createClient(test.db, { serviceproviderId: providerId, name: 'Kunde Kaputt', employeeCount: 3 });
    for (const clientId of [healthy, broken]) {
      await sql`DROP SCHEMA ${sql.id(clientSchemaName(clientId))} CASCADE`.execute(test.db);
      await sql`UPDATE client SET client_schema_migration = NULL WHERE client_id_pk = ${clientId}`.execute(test.db);
    }
    // A table the first client migration also creates makes that client's transaction fail half-way.
    await sql`CREATE SCHEMA ${sql.id(clientSchemaName(broken))}`.execute(test.db);
    await sql`CREATE TABLE ${sql.id(clientSchemaName(broken), 'status_collector')} (blocking int)`.execute(test.db);
    expect(await clientsBehind(test.db)).toEqual([healthy, broken].sort());

    const lines: string[] = [];
    const current: string[] = [];
    const report = await migrateClients(test.db, await clientsBehind(test.db), { concurrency: 2, log: (line) => lines.push(line), onClientCurrent: (id) => current.push(id) });
    expect(report.clients[healthy]).toEqual(clientMigrationNames());
    expect(Object.keys(report.failed)).toEqual([broken]);
    expect(current).toEqual([healthy]);
    expect(lines.join('\n')).toMatch(new RegExp(`client ${broken} failed`));
    expect(lines.at(-1)).toMatch(/2 clients checked in [\d.]+ s, 1 failed/);
    // Nothing of the failed client's migrations stayed; the healthy one is recorded and not migrated again.
    expect(await columnsOf(clientSchemaName(broken), 'status_collector')).toEqual(['blocking']);
    expect(await clientsBehind(test.db)).toEqual([broken]);

    await sql`DROP TABLE ${sql.id(clientSchemaName(broken), 'status_collector')}`.execute(test.db);
    const resumed = await migrateAll(test.db);
    expect(Object.keys(resumed.clients)).toEqual([broken]);
    expect(await clientsBehind(test.db)).toEqual([]);
  });

  it('rolls back the whole client when its creation fails', async () => {
    const before = await test.db.selectFrom('client').select('client_id_pk').execute();
    await expect(
      createClient(test.db, { serviceproviderId: providerId, name: 'Kaputt', employeeCount: 0 }),
    ).rejects.toThrow();
    const after = await test.db.selectFrom('client').select('client_id_pk').execute();
    expect(after).toHaveLength(before.length);
  });

  it('refuses a malicious client id before any SQL runs', async () => {
    const evil = `00000000-0000-0000-0000-000000000000"; DROP TABLE public.client; --`;
    expect(() => clientDb(test.db, evil)).toThrow(InvalidClientIdError);
    const clients = await test.db.selectFrom('client').select('client_id_pk').execute();
    expect(clients.length).toBeGreaterThan(0);
  });
});
