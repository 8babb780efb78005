import type { Db } from '../db/database';
import { hashPassword } from './passwords';

export interface NewUser {
  email: string;
  password: string;
  /** Main role first, then flags (next_user, demo_user), e.g. ['client', 'demo_user']. */
  roles: string[];
  firstName?: string;
  lastName?: string;
  /** The organisation: a provider for serviceprovider users, a client for client users; none for admins. */
  serviceproviderId?: string;
  clientId?: string;
}

export interface UserAccount {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  roles: string[];
  passwordHash: string | null;
  orgId: string | null;
}

/**
 * Creates the user or, if the e-mail exists, updates password, roles, names and
 * organisation (so seeds are idempotent). Returns the user id.
 */
export async function upsertUser(db: Db, user: NewUser): Promise<string> {
  if (user.serviceproviderId && user.clientId) throw new Error('A user belongs to one organisation only');
  const passwordHash = await hashPassword(user.password);
  return db.transaction().execute(async (trx) => {
    const values = {
      email: user.email.trim(),
      first_name: user.firstName ?? '',
      last_name: user.lastName ?? '',
      password_hash: passwordHash,
      roles: user.roles,
    };
    const existing = await trx
      .selectFrom('app_user')
      .select('user_id_pk')
      .where((eb) => eb(eb.fn('lower', ['email']), '=', values.email.toLowerCase()))
      .executeTakeFirst();
    const userId = existing
      ? (await trx.updateTable('app_user').set(values).where('user_id_pk', '=', existing.user_id_pk).returning('user_id_pk').executeTakeFirstOrThrow()).user_id_pk
      : (await trx.insertInto('app_user').values(values).returning('user_id_pk').executeTakeFirstOrThrow()).user_id_pk;
    await trx.deleteFrom('membership').where('user_fk', '=', userId).execute();
    if (user.serviceproviderId || user.clientId) {
      await trx
        .insertInto('membership')
        .values({ user_fk: userId, serviceprovider_fk: user.serviceproviderId ?? null, client_fk: user.clientId ?? null })
        .execute();
    }
    return userId;
  });
}

function accountQuery(db: Db) {
  return db
    .selectFrom('app_user')
    .leftJoin('membership', 'membership.user_fk', 'app_user.user_id_pk')
    .select([
      'app_user.user_id_pk as userId',
      'app_user.email as email',
      'app_user.first_name as firstName',
      'app_user.last_name as lastName',
      'app_user.roles as roles',
      'app_user.password_hash as passwordHash',
      (eb) => eb.fn.coalesce('membership.serviceprovider_fk', 'membership.client_fk').as('orgId'),
    ]);
}

export async function findUserById(db: Db, userId: string): Promise<UserAccount | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(userId)) return undefined;
  return accountQuery(db).where('app_user.user_id_pk', '=', userId).executeTakeFirst();
}

export async function findUserByEmail(db: Db, email: string): Promise<UserAccount | undefined> {
  return accountQuery(db)
    .where((eb) => eb(eb.fn('lower', ['app_user.email']), '=', email.trim().toLowerCase()))
    .executeTakeFirst();
}
