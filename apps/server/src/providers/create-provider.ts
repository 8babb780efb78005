import type { createProviderBodySchema } from '@burgwall/shared';
import type { z } from 'zod';
import type { AppEnv } from '../config';
import type { Db } from '../db/database';
import { conflict, ProblemError } from '../http/problem';
import { escapeHtml, type MailMessage } from '../mail/mailer';
import { environmentFlags } from '../team/team-service';

/** The sign-up body as parsed (SPEC §3 "Create service provider", also the /register form). */
export type CreateProviderInput = z.output<typeof createProviderBodySchema>;

const EMAIL_TAKEN = 'Für diese E-Mail-Adresse besteht bereits ein Konto. Bitte melden Sie sich an.';

/** Sign-up mails (invitation or notice) to one address per hour. */
export const SIGN_UP_MAILS_PER_ADDRESS = 3;

export const isEmailTaken = (error: unknown): boolean => error instanceof ProblemError && error.statusCode === 409 && error.extra.slug === 'email-taken';

/** The mail to the owner of an address someone tried to sign up with again (instead of a revealing 409). */
export function signUpWithExistingAccountMail(to: string, publicBase: string): MailMessage {
  const signIn = `${publicBase}/api/auth/signin/keycloak`;
  return {
    to,
    subject: 'Registrierung bei Burgwall mit Ihrer E-Mail-Adresse',
    text: `Guten Tag,\n\njemand wollte sich gerade mit Ihrer E-Mail-Adresse bei Burgwall registrieren. Sie haben bereits ein Konto: Melden Sie sich einfach an (${signIn}).\n\nWaren Sie das nicht, können Sie diese E-Mail ignorieren.`,
    html: `<p>Guten Tag,</p><p>jemand wollte sich gerade mit Ihrer E-Mail-Adresse bei Burgwall registrieren. Sie haben bereits ein Konto: <a href="${escapeHtml(signIn)}">Melden Sie sich einfach an.</a></p><p>Waren Sie das nicht, können Sie diese E-Mail ignorieren.</p>`,
  };
}

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
