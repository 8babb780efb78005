import { issueQuickcheckLink } from '../collector/quickcheck-link';
import type { Db } from '../db/database';
import { escapeHtml, fillTemplate, type Mailer, MailError } from '../mail/mailer';
import { senderProviderOf } from '../team/team-service';

/**
 * Mails the prospect of a quick check its download link, through the
 * provider's own SMTP server with its template 2 when it has one.
 */
export async function sendQuickcheckInvitation(
  context: { db: Db; mailer: Mailer; publicBase: string },
  input: { clientId: string; providerId: string; name: string; company: string; email: string },
): Promise<{ delivered: boolean; error?: string }> {
  const link = await issueQuickcheckLink(context.db, context.publicBase, input.clientId);
  const sender = await senderProviderOf(context.db, { kind: 'serviceprovider', id: input.providerId });
  const company = sender?.name ?? 'Burgwall';
  const settings = await context.db
    .selectFrom('serviceprovider_email_settings')
    .select(['enabled', 'template2_html', 'subject2'])
    .where('serviceprovider_fk', '=', input.providerId)
    .executeTakeFirst();
  const values = { firstName: input.name, lastName: '', email: input.email, link, company };
  const html =
    settings?.enabled && settings.template2_html
      ? fillTemplate(settings.template2_html, values)
      : `<p>Hallo ${escapeHtml(input.name)},</p><p>${escapeHtml(company)} lädt ${escapeHtml(input.company)} zu einem kostenlosen Sicherheits-Quickcheck Ihres Active Directory ein. Den Installer laden Sie hier herunter (gültig 14 Tage):</p><p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p><p>Viele Grüße<br>${escapeHtml(company)}</p>`;
  const subject = (settings?.enabled && settings.subject2) || `Ihr kostenloser Sicherheits-Quickcheck von ${company}`;
  const text = `Hallo ${input.name},\n\n${company} lädt ${input.company} zu einem kostenlosen Sicherheits-Quickcheck ein. Installer: ${link}\n`;
  try {
    return { delivered: (await context.mailer.send({ to: input.email, subject, html, text }, { providerId: input.providerId })).delivered };
  } catch (error) {
    if (error instanceof MailError) return { delivered: false, error: error.message };
    throw error;
  }
}
