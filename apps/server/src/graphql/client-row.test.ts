import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../test-support/test-database';
import { insertProviderWithClient } from '../../../../test-support/tenants';
import { clientDb } from '../db/client-db';
import { clientSchemaName } from '../db/client-schema';
import { readClientRow } from './client-row';

// The kept lists of GraphQL client_by_pk (client-row.ts): reused while the dashboard's change records say nothing
// wrote them, read again at once after a write. Real PostgreSQL.

let test: TestDatabase;
let clientId: string;

beforeAll(async () => {
  test = await createTestDatabase();
  ({ clientId } = await insertProviderWithClient(test.db, { name: 'Listen GmbH' }));
});
afterAll(() => test.drop());

const domainNames = async () => (await readClientRow(test.db, clientId))?.domains.map((domain) => domain.domain_name);

it('reads the row with its lists, and again after every write of them', async () => {
  const own = clientDb(test.db, clientId);
  expect(await readClientRow(test.db, clientId)).toMatchObject({ client_id_pk: clientId, client_name: 'Listen GmbH', status_collector: [{ version: null }], domains: [] });
  await own.insertInto('domain').values({ domain_name: 'firma.local' }).execute();
  expect(await domainNames()).toEqual(['firma.local']);
  await own.updateTable('status_collector').set({ version: '2.4.0' }).execute();
  expect((await readClientRow(test.db, clientId))?.status_collector).toEqual([{ version: '2.4.0' }]);
  await own.insertInto('domain').values({ domain_name: 'außenstelle.local', domain_entra_plan: 'P2' }).execute();
  expect((await readClientRow(test.db, clientId))?.domains).toEqual([
    { domain_name: 'außenstelle.local', domain_entra_plan: 'P2' },
    { domain_name: 'firma.local', domain_entra_plan: null },
  ]);
});

it('keeps the lists while no write was recorded: a write without its record is not seen, the next recorded one is', async () => {
  const schema = clientSchemaName(clientId);
  const before = await domainNames();
  // Only to show that the kept lists are used: a write that leaves no change record.
  await sql`ALTER TABLE ${sql.id(schema, 'domain')} DISABLE TRIGGER ioe_states_change`.execute(test.db);
  try {
    await clientDb(test.db, clientId).insertInto('domain').values({ domain_name: 'unbemerkt.local' }).execute();
  } finally {
    await sql`ALTER TABLE ${sql.id(schema, 'domain')} ENABLE TRIGGER ioe_states_change`.execute(test.db);
  }
  expect(await domainNames()).toEqual(before);
  await clientDb(test.db, clientId).updateTable('status_collector').set({ version: '2.5.0' }).execute();
  expect(await domainNames()).toEqual(['außenstelle.local', 'firma.local', 'unbemerkt.local']);
});

it('answers undefined for an unknown client', async () => {
  expect(await readClientRow(test.db, '00000000-0000-4000-8000-00000000abcd')).toBeUndefined();
});
