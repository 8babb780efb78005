import { MAILING_LISTS, mailingSubscriptionAnswerSchema, mailingSubscriptionQuerySchema, type MailingList } from '@burgwall/shared';
import { z } from 'zod';
import { unsubscribeToken, verifyUnsubscribeToken } from '../alerts/unsubscribe-token';
import type { ApiApp } from '../http/api-app';
import { escapeHtml } from '../mail/mailer';
import { badRequest } from '../http/problem';
import { publicUrl, type Services } from '../services';
import { simplePage } from '../team/set-password-page';
import { findContact, unsubscribe } from './mailing-contacts';

const LIST_LABELS: Record<MailingList, string> = { registrierung: 'Registrierung', quickcheck: 'Quick-Check', newsletter: 'Newsletter' };
const INVALID_LINK = 'Dieser Abmeldelink ist ungültig oder unvollständig. Bitte verwenden Sie den Link aus einer aktuellen E-Mail.';

/** The unsubscribe link of the mails to a mailing contact (token signed for the purpose 'mailing'). */
export function mailingUnsubscribeUrl(services: Services, contactId: string): string {
  return `${publicUrl(services.config)}/saas/user/email-subscription/update?token=${encodeURIComponent(unsubscribeToken(services.config.APP_SECRET, contactId, 'mailing'))}`;
}

function donePage(email: string, lists: readonly MailingList[], from: MailingList | undefined): string {
  const what = from ? `von der Liste „${LIST_LABELS[from]}“` : 'von allen Verteilerlisten';
  const remaining = lists.length > 0 ? `<p>Sie stehen noch auf: ${lists.map((list) => escapeHtml(LIST_LABELS[list])).join(', ')}.</p>` : '<p>Sie erhalten von uns keine Informations-E-Mails mehr.</p>';
  return simplePage('Abgemeldet', `<h1>Abgemeldet</h1><p class="lead">Die Adresse ${escapeHtml(email)} wurde ${what} abgemeldet.</p>${remaining}<p><a href="/">Zur Startseite</a></p>`);
}

/**
 * GET /saas/user/email-subscription/update: the unsubscribe link of the SaaS mailing lists. Like the alert mails'
 * /user/email-subscription/update, the signed token is the authorisation (same verification, its own purpose), so it
 * works without sign-in. HTML page by default, JSON with format=json or Accept: application/json.
 */
export function registerMailingUnsubscribeRoute(app: ApiApp, services: Services): void {
  app.get(
    '/saas/user/email-subscription/update',
    {
      schema: {
        summary: 'Verteilerlisten abbestellen',
        description: 'Der Abmeldelink aus den E-Mails der Verteilerlisten; das signierte Token ist die Berechtigung (keine Anmeldung nötig). Meldet von allen Listen ab oder nur von list, merkt die Abmeldung und antwortet mit einer HTML-Seite oder (format=json) mit JSON.',
        querystring: mailingSubscriptionQuerySchema,
        produces: ['text/html', 'application/json'],
        response: { 200: z.union([mailingSubscriptionAnswerSchema, z.string().describe('HTML-Seite')]), 400: z.string().describe('HTML-Seite') },
      },
    },
    async (request, reply) => {
      const { token, list, format } = request.query;
      const json = format === 'json' || (format === undefined && /application\/json/.test(request.headers.accept ?? '') && !/text\/html/.test(request.headers.accept ?? ''));
      const contactId = verifyUnsubscribeToken(services.config.APP_SECRET, token, 'mailing');
      const contact = contactId ? await findContact(services.db, { contactId }) : undefined;
      reply.header('cache-control', 'no-store');
      if (!contact) {
        if (json) throw badRequest(INVALID_LINK);
        return reply.code(400).type('text/html; charset=utf-8').send(simplePage('Link ungültig', `<h1>Link ungültig</h1><p class="lead">${INVALID_LINK}</p><p><a href="/">Zur Startseite</a></p>`));
      }
      await unsubscribe(services.db, contact.mailing_contact_id_pk, list ? [list] : MAILING_LISTS);
      const lists = (await findContact(services.db, { contactId: contact.mailing_contact_id_pk }))?.lists ?? [];
      if (json) return reply.type('application/json').send({ email: contact.email, lists });
      return reply.type('text/html; charset=utf-8').send(donePage(contact.email, lists, list));
    },
  );
}
