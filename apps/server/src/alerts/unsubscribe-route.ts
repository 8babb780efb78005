import { emailSubscriptionQuerySchema } from '@burgwall/shared';
import { z } from 'zod';
import type { ApiApp } from '../http/api-app';
import type { Services } from '../services';
import { simplePage } from '../team/set-password-page';
import { verifyUnsubscribeToken } from './unsubscribe-token';

const DONE = simplePage(
  'Abgemeldet',
  '<h1>Abgemeldet</h1><p class="lead">Sie erhalten ab jetzt keine Alarm-E-Mails mehr.</p><p>Sie können Alarm-E-Mails jederzeit in Ihren Kontoeinstellungen unter „Benachrichtigungen“ wieder einschalten.</p><p><a href="/settings">Zu den Einstellungen</a></p>',
);
const INVALID = simplePage('Link ungültig', '<h1>Link ungültig</h1><p class="lead">Dieser Abmeldelink ist ungültig oder unvollständig. Bitte verwenden Sie den Link aus einer aktuellen E-Mail.</p><p><a href="/">Zur Startseite</a></p>');

/**
 * GET /user/email-subscription/update (SPEC §7): the unsubscribe link of every alert mail. The signed token is the
 * authorisation, so it works without sign-in; it switches the user's alert mails off (notifications.alert).
 */
export function registerUnsubscribeRoute(app: ApiApp, services: Services): void {
  app.get(
    '/user/email-subscription/update',
    {
      schema: {
        summary: 'Alarm-E-Mails abbestellen',
        description: 'Der Link aus jeder Alarm-E-Mail; das signierte Token ist die Berechtigung (keine Anmeldung nötig). Schaltet die Alarm-E-Mails des Benutzers aus und antwortet mit einer HTML-Seite.',
        querystring: emailSubscriptionQuerySchema,
        produces: ['text/html'],
        response: { 200: z.string().describe('HTML-Seite'), 400: z.string().describe('HTML-Seite') },
      },
    },
    async (request, reply) => {
      const userId = verifyUnsubscribeToken(services.config.APP_SECRET, request.query.token);
      const html = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' };
      if (!userId) return reply.code(400).headers(html).send(INVALID);
      await services.db.updateTable('app_user').set({ notify_alert: false }).where('user_id_pk', '=', userId).execute();
      return reply.code(200).headers(html).send(DONE);
    },
  );
}
