import { SUPPORT_CATEGORY_LABELS, type SupportCategory } from '@burgwall/shared';
import type { Principal } from '../auth/principal';
import type { Db } from '../db/database';
import { escapeHtml, MailError, type Mailer, type MailMessage } from '../mail/mailer';

export interface TicketInput {
  category: SupportCategory;
  subject: string;
  message: string;
  clientId: string | null;
  providerId: string | null;
}

export interface StoredTicket {
  ticketId: string;
  ticketNumber: number;
  mailed: boolean;
}

const ROLE_LABELS: Record<string, string> = { admin: 'Administrator', serviceprovider: 'Dienstleister', client: 'Kunde' };

/** The German mail to the support mailbox; Reply-To is the reporter, so support answers them directly. */
export function supportTicketMail(to: string, ticketNumber: number, reporter: Principal, input: TicketInput, context: { providerName: string | null; clientName: string | null }): MailMessage {
  const rows: Array<[string, string]> = [
    ['Anfrage', `#${ticketNumber}`],
    ['Kategorie', SUPPORT_CATEGORY_LABELS[input.category]],
    ['Von', `${reporter.email} (${ROLE_LABELS[reporter.role] ?? reporter.role})`],
    ...(context.providerName ? [['Dienstleister', context.providerName] as [string, string]] : []),
    ...(context.clientName ? [['Kunde', context.clientName] as [string, string]] : []),
  ];
  const text = `Neue Support-Anfrage über Burgwall\n\n${rows.map(([key, value]) => `${key}: ${value}`).join('\n')}\nBetreff: ${input.subject}\n\n${input.message}\n`;
  const html = `<p>Neue Support-Anfrage über Burgwall</p><table>${rows.map(([key, value]) => `<tr><th align="left">${escapeHtml(key)}</th><td>${escapeHtml(value)}</td></tr>`).join('')}<tr><th align="left">Betreff</th><td>${escapeHtml(input.subject)}</td></tr></table><pre style="white-space:pre-wrap;font-family:inherit">${escapeHtml(input.message)}</pre>`;
  return { to, subject: `Support-Anfrage #${ticketNumber}: ${input.subject}`, text, html, headers: { 'Reply-To': reporter.email } };
}

/**
 * Stores the ticket first (it is never lost), then mails it to the support mailbox; a failed mail is recorded
 * (mail_delivered false) and logged, not an error for the reporter.
 */
export async function submitTicket(deps: { db: Db; mailer: Mailer; supportEmail: string; log: (error: unknown) => void }, reporter: Principal, input: TicketInput): Promise<StoredTicket> {
  const { db } = deps;
  // A token of an external issuer may name a user that has no row (yet): the ticket keeps the e-mail address anyway.
  const user = await db.selectFrom('app_user').select('user_id_pk').where('user_id_pk', '=', reporter.userId).executeTakeFirst();
  const row = await db
    .insertInto('support_ticket')
    .values({
      user_fk: user?.user_id_pk ?? null,
      reporter_email: reporter.email,
      reporter_role: reporter.role,
      serviceprovider_fk: input.providerId,
      client_fk: input.clientId,
      category: input.category,
      subject: input.subject,
      message: input.message,
    })
    .returning(['support_ticket_id_pk', 'ticket_number'])
    .executeTakeFirstOrThrow();
  const ticketNumber = Number(row.ticket_number);
  const [provider, client] = await Promise.all([
    input.providerId ? db.selectFrom('serviceprovider').select('serviceprovider_name').where('serviceprovider_id_pk', '=', input.providerId).executeTakeFirst() : undefined,
    input.clientId ? db.selectFrom('client').select('client_name').where('client_id_pk', '=', input.clientId).executeTakeFirst() : undefined,
  ]);
  let mailed = false;
  try {
    const mail = supportTicketMail(deps.supportEmail, ticketNumber, reporter, input, { providerName: provider?.serviceprovider_name ?? null, clientName: client?.client_name ?? null });
    mailed = (await deps.mailer.send(mail)).delivered;
  } catch (error) {
    if (!(error instanceof MailError)) throw error;
    deps.log(error);
  }
  if (mailed) await db.updateTable('support_ticket').set({ mail_delivered: true }).where('support_ticket_id_pk', '=', row.support_ticket_id_pk).execute();
  return { ticketId: row.support_ticket_id_pk, ticketNumber, mailed };
}
