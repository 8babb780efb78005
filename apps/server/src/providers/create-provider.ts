import type { createProviderBodySchema } from '@burgwall/shared';
import type { z } from 'zod';
import type { AppEnv } from '../config';
import type { Db } from '../db/database';
import { conflict } from '../http/problem';
import { environmentFlags } from '../team/team-service';

/** The sign-up body as parsed (SPEC §3 "Create service provider", also the /register form). */
export type CreateProviderInput = z.output<typeof createProviderBodySchema>;

const EMAIL_TAKEN = 'Für diese E-Mail-Adresse besteht bereits ein Konto. Bitte melden Sie sich an.';

/**
 * Creates the provider and its first user (no password yet: required action UPDATE_PASSWORD) in one transaction.
 * An e-mail that already has an account is a 409.
 */
export async function createProviderWithAccount(db: Db, input: CreateProviderInput, appEnv: AppEnv): Promise<{ providerId: string; userId: string }> {
  return db.transaction().execute(async (trx) => {
    const taken = await trx
      .selectFrom('app_user')
      .select('user_id_pk')
      .where((eb) => eb(eb.fn('lower', ['email']), '=', input.initialAccountEmail.toLowerCase()))
      .executeTakeFirst();
    if (taken) throw conflict(EMAIL_TAKEN, 'email-taken');
    const { serviceprovider_id_pk: providerId } = await trx
      .insertInto('serviceprovider')
      .values({ serviceprovider_name: input.companyName })
      .returning('serviceprovider_id_pk')
      .executeTakeFirstOrThrow();
    const { user_id_pk: userId } = await trx
      .insertInto('app_user')
      .values({
        email: input.initialAccountEmail,
        first_name: input.initialAccountFirstname,
        last_name: input.initialAccountLastname,
        password_hash: null,
        roles: ['serviceprovider', ...environmentFlags(appEnv)],
        required_actions: ['UPDATE_PASSWORD'],
      })
      .returning('user_id_pk')
      .executeTakeFirstOrThrow();
    await trx.insertInto('membership').values({ user_fk: userId, serviceprovider_fk: providerId, client_fk: null }).execute();
    return { providerId, userId };
  });
}
