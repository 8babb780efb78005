import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../test-support/test-database';
import { insertProviderWithClient } from '../../../../test-support/tenants';
import { createClient } from '../clients/create-client';
import { clientDb } from '../db/client-db';
import { collectorHealthOf, listClientCards } from './client-cards';

let test: TestDatabase;

beforeAll(async () => {
  test = await createTestDatabase();
});
afterAll(() => test.drop());

it('shows each client’s collector health from the global copy its status_collector keeps current', async () => {
  const { providerId, clientId: reporting } = await insertProviderWithClient(test.db, { name: 'Anton AG' });
  const silent = await createClient(test.db, { serviceproviderId: providerId, name: 'Berta GmbH', employeeCount: 5 });
  // What the collector routes do when data arrives, and a replication more than four hours ago (green: one healthy part is enough).
  await clientDb(test.db, reporting)
    .updateTable('status_collector')
    .set({ last_data_at: new Date(), last_replication_at: sql<Date>`now() - interval '5 hours'`, updated_at: sql<Date>`now()` })
    .execute();

  const cards = await listClientCards(test.db, providerId);
  expect(cards.map((card) => [card.title, card.collectorHealth.data, card.collectorHealth.replication, card.collectorHealth.colour])).toEqual([
    ['Anton AG', 'healthy', 'unhealthy', 'green'],
    ['Berta GmbH', null, null, 'secondary'],
  ]);
  expect(await collectorHealthOf(test.db, reporting)).toEqual(cards[0]?.collectorHealth);

  // A deleted client's copy goes with it.
  await test.db.deleteFrom('client_license').where('client_fk', '=', silent).execute();
  await test.db.deleteFrom('client').where('client_id_pk', '=', silent).execute();
  const left = await test.db.selectFrom('client_collector_status').select('client_fk').execute();
  expect(left.map((row) => row.client_fk)).toEqual([reporting]);
});
