import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../test-support/test-database';
import { createClient } from '../clients/create-client';
import { snapshotHeadSchema } from '@burgwall/shared';
import { fixtureHead } from '../../../../test-support/snapshot-fixtures';
import { beginSnapshot } from '../snapshots/snapshot-store';
import { clientSchemaName } from './client-schema';

/**
 * Scale-out on paper, checked in code (issue 15, README "Scale-out"): with Citus schema-based sharding each client
 * schema becomes a distributed schema that lives on one node, the global tables are reference tables. That works only
 * while a client schema stays self-contained: no foreign key leaves it or points into it, every table has a primary
 * key (shard moves replicate by it), its sequences live in it, and the triggers that write global tables are the
 * known ones the README lists as frictions.
 */
let test: TestDatabase;
let schema: string;
let clientId: string;

beforeAll(async () => {
  test = await createTestDatabase();
  const provider = await test.db.insertInto('serviceprovider').values({ serviceprovider_name: 'Citus-Probe GmbH' }).returning('serviceprovider_id_pk').executeTakeFirstOrThrow();
  clientId = await createClient(test.db, { serviceproviderId: provider.serviceprovider_id_pk, name: 'Verteilter Kunde', employeeCount: 10 });
  schema = clientSchemaName(clientId);
});
afterAll(() => test.drop());

describe('client schemas can become Citus distributed schemas', () => {
  it('no foreign key leaves a client schema, and none points into one', async () => {
    const { rows } = await sql<{ from_schema: string; to_schema: string; name: string }>`
      SELECT c.conname AS name, fn.nspname AS from_schema, tn.nspname AS to_schema
      FROM pg_constraint c
      JOIN pg_class f ON f.oid = c.conrelid JOIN pg_namespace fn ON fn.oid = f.relnamespace
      JOIN pg_class t ON t.oid = c.confrelid JOIN pg_namespace tn ON tn.oid = t.relnamespace
      WHERE c.contype = 'f' AND (fn.nspname = ${schema} OR tn.nspname = ${schema}) AND fn.nspname <> tn.nspname`.execute(test.db);
    expect(rows).toEqual([]);
  });

  it('every table of a client schema has a primary key and its sequences live in the schema', async () => {
    const tables = await sql<{ table_name: string; has_pk: boolean }>`
      SELECT c.relname AS table_name, EXISTS (SELECT 1 FROM pg_constraint p WHERE p.conrelid = c.oid AND p.contype = 'p') AS has_pk
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = ${schema} AND c.relkind IN ('r', 'p') AND NOT c.relispartition`.execute(test.db);
    expect(tables.rows.length).toBeGreaterThan(10);
    expect(tables.rows.filter((row) => !row.has_pk).map((row) => row.table_name)).toEqual([]);
    // A column default calling nextval() of a sequence outside the schema would tie the shard to another node.
    const defaults = await sql<{ table_name: string; column_default: string }>`
      SELECT table_name, column_default FROM information_schema.columns
      WHERE table_schema = ${schema} AND column_default LIKE 'nextval(%'`.execute(test.db);
    for (const row of defaults.rows) expect(row.column_default, row.table_name).toContain(schema);
  });

  it('only the known triggers write outside the schema (README: enable_unsafe_triggers or an application write)', async () => {
    const { rows } = await sql<{ table_name: string; trigger_name: string; function_name: string }>`
      SELECT c.relname AS table_name, t.tgname AS trigger_name, pn.nspname || '.' || p.proname AS function_name
      FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
      JOIN pg_proc p ON p.oid = t.tgfoid JOIN pg_namespace pn ON pn.oid = p.pronamespace
      WHERE n.nspname = ${schema} AND NOT t.tgisinternal ORDER BY 1, 2`.execute(test.db);
    // The dashboard's change records (global migration 0350) from the six tables it is built from, and two summaries.
    const dashboard = { trigger_name: 'ioe_states_change', function_name: 'public.burgwall_record_ioe_states_change' };
    expect(rows).toEqual([
      { table_name: 'domain', ...dashboard },
      { table_name: 'finding', ...dashboard },
      { table_name: 'finding_exception', ...dashboard },
      { table_name: 'ioe', ...dashboard },
      { table_name: 'score_history', ...dashboard },
      { table_name: 'score_history', trigger_name: 'score_history_summary', function_name: 'public.burgwall_copy_score_history' },
      { table_name: 'status_collector', ...dashboard },
      { table_name: 'status_collector', trigger_name: 'status_collector_summary', function_name: 'public.burgwall_copy_collector_status' },
    ]);
  });

  it('partitioned tables have one level (Citus distributes no multi-level partitioned table)', async () => {
    // directory_object is partitioned by snapshot (client migration 0360); a snapshot's partition is a plain table.
    await beginSnapshot(test.db, clientId, 'citus-probe', snapshotHeadSchema.parse(fixtureHead()));
    const { rows } = await sql<{ table_name: string; levels: number }>`
      SELECT c.relname AS table_name, (SELECT max(level) FROM pg_partition_tree(c.oid)) AS levels
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = ${schema} AND c.relkind = 'p' AND NOT c.relispartition`.execute(test.db);
    expect(rows.map((row) => row.table_name)).toEqual(['directory_object']);
    expect(rows.map((row) => row.levels)).toEqual([1]);
    const nested = await sql<{ relname: string }>`
      SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = ${schema} AND c.relkind = 'p' AND c.relispartition`.execute(test.db);
    expect(nested.rows).toEqual([]);
  });
});
