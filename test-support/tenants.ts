import { createClient, type NewClient } from '../apps/server/src/clients/create-client';
import type { Db } from '../apps/server/src/db/database';

/** A service provider row for tests; returns its id. */
export async function insertProvider(db: Db, name = 'Test-Anbieter GmbH'): Promise<string> {
  const row = await db
    .insertInto('serviceprovider')
    .values({ serviceprovider_name: name })
    .returning('serviceprovider_id_pk')
    .executeTakeFirstOrThrow();
  return row.serviceprovider_id_pk;
}

/** A provider with one client (row, licence and schema); returns both ids. */
export async function insertProviderWithClient(
  db: Db,
  client: Partial<Omit<NewClient, 'serviceproviderId'>> = {},
): Promise<{ providerId: string; clientId: string }> {
  const providerId = await insertProvider(db);
  const clientId = await createClient(db, { serviceproviderId: providerId, name: 'Test-Kunde', employeeCount: 10, ...client });
  return { providerId, clientId };
}
