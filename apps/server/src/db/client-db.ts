import type { Kysely } from 'kysely';
import { clientSchemaName } from './client-schema';
import type { Db } from './database';
import type { ClientDatabase } from './schema';

/** Typed access to the tables inside one client's own schema. */
export function clientDb(db: Db, clientId: string): Kysely<ClientDatabase> {
  return db.withSchema(clientSchemaName(clientId)) as unknown as Kysely<ClientDatabase>;
}
