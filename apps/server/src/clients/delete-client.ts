import { sql } from 'kysely';
import { clientSchemaName } from '../db/client-schema';
import type { Db } from '../db/database';

/** Deletes the client row (licence, memberships, keys cascade), its users and its own schema in one transaction. */
export async function deleteClient(db: Db, clientId: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const users = await trx.selectFrom('membership').select('user_fk').where('client_fk', '=', clientId).execute();
    const deleted = await trx.deleteFrom('client').where('client_id_pk', '=', clientId).returning('client_id_pk').executeTakeFirst();
    if (!deleted) return false;
    if (users.length > 0) await trx.deleteFrom('app_user').where('user_id_pk', 'in', users.map((u) => u.user_fk)).execute();
    await sql`DROP SCHEMA IF EXISTS ${sql.id(clientSchemaName(clientId))} CASCADE`.execute(trx);
    return true;
  });
}
