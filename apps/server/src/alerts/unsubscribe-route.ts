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
const REPORT_DONE = simplePage(
  'Abgemeldet',
  '<h1>Abgemeldet</h1><p class="lead">Sie erhalten diesen Bericht ab jetzt nicht mehr.</p><p>Andere Berichte und Alarm-E-Mails bleiben, wie sie sind.</p><p><a href="/">Zur Startseite</a></p>',
);
const INVALID = simplePage('Link ungültig', '<h1>Link ungültig</h1><p class="lead">Dieser Abmeldelink ist ungültig oder unvollständig. Bitte verwenden Sie den Link aus einer aktuellen E-Mail.</p><p><a href="/">Zur Startseite</a></p>');

/** Takes one recipient off one scheduled report; the schedule goes when its last recipient leaves. */
async function leaveReportSchedule(services: Services, scheduleId: string, userId: string): Promise<void> {
  await services.db.transaction().execute(async (trx) => {
    const schedule = await trx.selectFrom('report_schedule').select('recipient_user_ids').where('report_schedule_id_pk', '=', scheduleId).forUpdate().executeTakeFirst();
    if (!schedule) return;
    const rest = schedule.recipient_user_ids.filter((id) => id !== userId);
    if (rest.length === 0) await trx.deleteFrom('report_schedule').where('report_schedule_id_pk', '=', scheduleId).execute();
    else await trx.updateTable('report_schedule').set({ recipient_user_ids: rest }).where('report_schedule_id_pk', '=', scheduleId).execute();
  });
}

/**
 * GET /user/email-subscription/update (SPEC §7): the unsubscribe link of every alert mail and every scheduled report
 * mail. The signed token is the authorisation, so it works without sign-in: an alert token switches the user's alert
 * mails off (notifications.alert), a report token takes the user off that one report.
 */
export function registerUnsubscribeRoute(app: ApiApp, services: Services): void {
  app.get(
    '/user/email-subscription/update',
    {
      schema: {
        summary: 'Alarm-E-Mails oder einen geplanten Bericht abbestellen',
        description: 'Der Link aus jeder Alarm-E-Mail und jeder Berichts-E-Mail; das signierte Token ist die Berechtigung (keine Anmeldung nötig). Schaltet die Alarm-E-Mails des Benutzers aus bzw. trägt ihn aus diesem einen Bericht aus und antwortet mit einer HTML-Seite.',
        querystring: emailSubscriptionQuerySchema,
        produces: ['text/html'],
        response: { 200: z.string().describe('HTML-Seite'), 400: z.string().describe('HTML-Seite') },
      },
    },
    async (request, reply) => {
      const html = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' };
      const reportRecipient = verifyUnsubscribeToken(services.config.APP_SECRET, request.query.token, 'report');
      if (reportRecipient) {
        const [scheduleId, recipientId] = reportRecipient.split('~') as [string, string];
        await leaveReportSchedule(services, scheduleId, recipientId);
        return reply.code(200).headers(html).send(REPORT_DONE);
      }
      const userId = verifyUnsubscribeToken(services.config.APP_SECRET, request.query.token);
      if (!userId) return reply.code(400).headers(html).send(INVALID);
      await services.db.updateTable('app_user').set({ notify_alert: false }).where('user_id_pk', '=', userId).execute();
      return reply.code(200).headers(html).send(DONE);
    },
  );
}
