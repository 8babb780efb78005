import { MAILING_LISTS, type MailingList } from '@burgwall/shared';
import { sql } from 'kysely';
import type { Db } from '../db/database';

export interface ContactInput {
  email: string;
  list: MailingList;
  firstName?: string | null;
  lastName?: string | null;
  company?: string | null;
  /** Where the entry comes from: 'registrierung', 'quickcheck', 'admin', 'dienst'. */
  source: string;
  /**
   * An explicit consent given now (the newsletter box, an admin adding a contact on request): it lifts an earlier
   * opt-out of this list. Funnels without a fresh consent never put an unsubscribed contact back.
   */
  consent: boolean;
}

const normalise = (email: string) => email.trim().toLowerCase();

/** Adds (or updates) the contact and puts it on the list; `added` false when the contact opted out of that list. */
export async function addContact(db: Db, input: ContactInput): Promise<{ contactId: string; added: boolean }> {
  return db.transaction().execute(async (trx) => {
    const email = normalise(input.email);
    // Names already known are kept when a later funnel does not bring them.
    const contact = await trx
      .insertInto('mailing_contact')
      .values({ email, first_name: input.firstName || null, last_name: input.lastName || null, company: input.company || null, updated_at: new Date() })
      .onConflict((conflict) =>
        conflict.column('email').doUpdateSet({
          first_name: sql`coalesce(excluded.first_name, mailing_contact.first_name)`,
          last_name: sql`coalesce(excluded.last_name, mailing_contact.last_name)`,
          company: sql`coalesce(excluded.company, mailing_contact.company)`,
          updated_at: sql`now()`,
        }),
      )
      .returning('mailing_contact_id_pk')
      .executeTakeFirstOrThrow();
    const contactId = contact.mailing_contact_id_pk;
    if (input.consent) {
      await trx.deleteFrom('mailing_opt_out').where('mailing_contact_fk', '=', contactId).where('list', '=', input.list).execute();
    } else {
      const optedOut = await trx.selectFrom('mailing_opt_out').select('list').where('mailing_contact_fk', '=', contactId).where('list', '=', input.list).executeTakeFirst();
      if (optedOut) return { contactId, added: false };
    }
    await trx
      .insertInto('mailing_list_member')
      .values({ mailing_contact_fk: contactId, list: input.list, source: input.source, consent_at: input.consent ? new Date() : null })
      .onConflict((conflict) => conflict.columns(['mailing_contact_fk', 'list']).doUpdateSet(input.consent ? { consent_at: sql`now()` } : { source: sql`mailing_list_member.source` }))
      .execute();
    return { contactId, added: true };
  });
}

export async function findContact(db: Db, by: { email: string } | { contactId: string }) {
  const query = db.selectFrom('mailing_contact').select(['mailing_contact_id_pk', 'email', 'first_name', 'last_name', 'company']);
  const row = await ('email' in by ? query.where('email', '=', normalise(by.email)) : query.where('mailing_contact_id_pk', '=', by.contactId)).executeTakeFirst();
  if (!row) return undefined;
  const lists = await db.selectFrom('mailing_list_member').select('list').where('mailing_contact_fk', '=', row.mailing_contact_id_pk).orderBy('list').execute();
  return { ...row, lists: lists.map((entry) => entry.list as MailingList) };
}

/** Takes the contact off the lists (all when none is named) and remembers the opt-out, so funnels do not re-add it. */
export async function unsubscribe(db: Db, contactId: string, lists: readonly MailingList[] = MAILING_LISTS): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const removed = await trx.deleteFrom('mailing_list_member').where('mailing_contact_fk', '=', contactId).where('list', 'in', [...lists]).executeTakeFirst();
    await trx
      .insertInto('mailing_opt_out')
      .values(lists.map((list) => ({ mailing_contact_fk: contactId, list })))
      .onConflict((conflict) => conflict.doNothing())
      .execute();
    return Number(removed.numDeletedRows);
  });
}

/** Deletes the contact with its list entries and opt-outs (the right to erasure). */
export async function deleteContact(db: Db, email: string): Promise<boolean> {
  const result = await db.deleteFrom('mailing_contact').where('email', '=', normalise(email)).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
