import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database';
import { addContact, type ContactInput } from './mailing-contacts';

/**
 * The server's own funnels put people on the SaaS contact lists directly (no HTTP round trip). A list that cannot be
 * written must not fail a sign-up or quickcheck that already succeeded: it is logged.
 */
async function join(db: Db, log: FastifyBaseLogger, input: ContactInput): Promise<void> {
  try {
    await addContact(db, input);
  } catch (error) {
    log.error({ err: error, list: input.list }, 'could not add the contact to the mailing list');
  }
}

/**
 * Sign-up (/register): the new account's address goes on 'registrierung' (onboarding mails of the account just
 * created), and on 'newsletter' only when the box was ticked (explicit consent). An earlier opt-out of
 * 'registrierung' is honoured.
 */
export async function joinListsAfterSignUp(
  db: Db,
  log: FastifyBaseLogger,
  person: { email: string; firstName: string; lastName: string; company: string; newsletterConsent: boolean },
): Promise<void> {
  const contact = { email: person.email, firstName: person.firstName, lastName: person.lastName, company: person.company, source: 'registrierung' };
  await join(db, log, { ...contact, list: 'registrierung', consent: false });
  if (person.newsletterConsent) await join(db, log, { ...contact, list: 'newsletter', consent: true });
}

/** Quickcheck: the invited contact person goes on 'quickcheck' (reminders about this check), unless they opted out. */
export async function joinQuickcheckList(db: Db, log: FastifyBaseLogger, person: { email: string; name: string; company: string }): Promise<void> {
  const [firstName, ...rest] = person.name.trim().split(/\s+/);
  await join(db, log, { email: person.email, firstName: firstName ?? null, lastName: rest.join(' ') || null, company: person.company, list: 'quickcheck', source: 'quickcheck', consent: false });
}
