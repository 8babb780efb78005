import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { authenticate, principalOf } from '../auth/principal';
import { sendZodError } from '../http/zod-reply';
import { publicUrl, type Services } from '../services';
import { issueSetPasswordToken, setPasswordLink } from '../team/action-tokens';

const userBody = z.object({
  firstName: z.string().trim().min(1, 'Vorname ist erforderlich').max(100),
  lastName: z.string().trim().min(1, 'Nachname ist erforderlich').max(100),
  notifications: z.object({ alert: z.boolean(), quickcheck: z.boolean(), info: z.boolean() }),
});

/** SPEC §7 "User": the signed-in user's own profile, notifications and password-change link. */
export function registerUserRoutes(app: FastifyInstance, services: Services): void {
  const { db, tokens, config } = services;
  const onRequest = authenticate(tokens);

  const load = async (userId: string) => {
    const row = await db
      .selectFrom('app_user')
      .select(['first_name', 'last_name', 'email', 'notify_alert', 'notify_quickcheck', 'notify_info', 'required_actions'])
      .where('user_id_pk', '=', userId)
      .executeTakeFirst();
    return (
      row && {
        firstName: row.first_name,
        lastName: row.last_name,
        email: row.email,
        notifications: { alert: row.notify_alert, quickcheck: row.notify_quickcheck, info: row.notify_info },
        requiredActions: row.required_actions,
      }
    );
  };

  for (const path of ['/user']) {
    app.get(path, { onRequest }, async (request, reply) => (await load(principalOf(request).userId)) ?? reply.code(404).send({ message: 'User not found' }));
    app.post(path, { onRequest }, async (request, reply) => {
      const parsed = userBody.safeParse(request.body);
      if (!parsed.success) return sendZodError(reply, parsed.error);
      const { firstName, lastName, notifications } = parsed.data;
      const userId = principalOf(request).userId;
      await db
        .updateTable('app_user')
        .set({ first_name: firstName, last_name: lastName, notify_alert: notifications.alert, notify_quickcheck: notifications.quickcheck, notify_info: notifications.info })
        .where('user_id_pk', '=', userId)
        .execute();
      return (await load(userId)) ?? reply.code(404).send({ message: 'User not found' });
    });
  }

  app.get('/user/password/change', { onRequest }, async (request, reply) => {
    const userId = principalOf(request).userId;
    if (!(await load(userId))) return reply.code(404).send({ message: 'User not found' });
    return { link: setPasswordLink(publicUrl(config), await issueSetPasswordToken(db, userId)) };
  });
}
