import type { Kysely } from 'kysely';
import { clientSchemaName } from './client-schema';
import { assertClientSchemaCurrent } from './client-schema-gate';
import type { Db } from './database';
import type { ClientDatabase } from './schema';

/** Typed access to the tables inside one client's own schema (503 while that schema is still being migrated). */
export function clientDb(db: Db, clientId: string): Kysely<ClientDatabase> {
  const schema = clientSchemaName(clientId);
  assertClientSchemaCurrent(clientId);
  return db.withSchema(schema) as unknown as Kysely<ClientDatabase>;
}
