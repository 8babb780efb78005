import { passwordChangeLinkSchema, userSettingsBodySchema, userSettingsSchema } from '@burgwall/shared';
import { principalOf } from '../auth/principal';
import type { ApiApp } from '../http/api-app';
import { notFound } from '../http/problem';
import { publicUrl, type Services } from '../services';
import { issueSetPasswordToken, setPasswordLink } from '../team/action-tokens';

const USER_NOT_FOUND = 'Ihr Benutzerkonto wurde nicht gefunden. Bitte melden Sie sich erneut an.';

/** SPEC §7 "User" (user scope): the signed-in user's own profile, notifications and password-change link. */
export function registerUserRoutes(app: ApiApp, services: Services): void {
  const { db, config } = services;

  const load = async (userId: string) => {
    const row = await db
      .selectFrom('app_user')
      .select(['first_name', 'last_name', 'email', 'notify_alert', 'notify_quickcheck', 'notify_info', 'required_actions'])
      .where('user_id_pk', '=', userId)
      .executeTakeFirst();
    if (!row) throw notFound(USER_NOT_FOUND);
    return {
      firstName: row.first_name,
      lastName: row.last_name,
      email: row.email,
      notifications: { alert: row.notify_alert, quickcheck: row.notify_quickcheck, info: row.notify_info },
      requiredActions: row.required_actions,
    };
  };

  app.get(
    '/user',
    {
      schema: {
        summary: 'Eigenes Benutzerkonto lesen',
        description: 'Name, E-Mail und Benachrichtigungen des angemeldeten Benutzers. Für jeden angemeldeten Benutzer.',
        response: { 200: userSettingsSchema },
      },
    },
    async (request) => load(principalOf(request).userId),
  );

  app.post(
    '/user',
    {
      schema: {
        summary: 'Eigenes Benutzerkonto ändern',
        description: 'Name und Benachrichtigungen des angemeldeten Benutzers. Für jeden angemeldeten Benutzer.',
        body: userSettingsBodySchema,
        response: { 200: userSettingsSchema },
      },
    },
    async (request) => {
      const { firstName, lastName, notifications } = request.body;
      const userId = principalOf(request).userId;
      await db
        .updateTable('app_user')
        .set({ first_name: firstName, last_name: lastName, notify_alert: notifications.alert, notify_quickcheck: notifications.quickcheck, notify_info: notifications.info })
        .where('user_id_pk', '=', userId)
        .execute();
      return load(userId);
    },
  );

  app.get(
    '/user/password/change',
    {
      schema: {
        summary: 'Link zum Ändern des Passworts anfordern',
        description: 'Ein neuer Link zur Seite „Passwort setzen“ für den angemeldeten Benutzer. Für jeden angemeldeten Benutzer.',
        response: { 200: passwordChangeLinkSchema },
      },
    },
    async (request) => {
      const userId = principalOf(request).userId;
      await load(userId);
      return { link: setPasswordLink(publicUrl(config), await issueSetPasswordToken(db, userId)) };
    },
  );
}
