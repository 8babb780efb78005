import { checkRegistry } from '@burgwall/checks';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { authenticate } from '../auth/principal';
import { sendZodError } from '../http/zod-reply';
import type { Services } from '../services';

const EMAIL_STATUS_KEY = 'email.status';

/** Platform mail on/off (admin switch); mails are sent while it is on (default). */
export async function platformEmailEnabled(services: Pick<Services, 'db'>): Promise<boolean> {
  const row = await services.db.selectFrom('platform_setting').select('value').where('key', '=', EMAIL_STATUS_KEY).executeTakeFirst();
  return row ? (row.value as { enabled?: boolean }).enabled !== false : true;
}

/** Admin-only endpoints under /admin (SPEC §6). */
export function registerAdminRoutes(app: FastifyInstance, services: Services): void {
  const { db, tokens, config, billing } = services;
  const onRequest = authenticate(tokens, ['admin']);

  app.get('/admin/serviceprovider', { onRequest }, async () => {
    const rows = await db
      .selectFrom('serviceprovider')
      .leftJoin('client', 'client.serviceprovider_fk', 'serviceprovider.serviceprovider_id_pk')
      .select((eb) => [
        'serviceprovider.serviceprovider_id_pk',
        'serviceprovider.serviceprovider_name',
        'serviceprovider.serviceprovider_address',
        'serviceprovider.subscription_status',
        'serviceprovider.created_at',
        eb.fn.count<string>('client.client_id_pk').as('client_count'),
      ])
      .groupBy('serviceprovider.serviceprovider_id_pk')
      .orderBy('serviceprovider.serviceprovider_name')
      .execute();
    return rows.map((r) => ({
      serviceproviderId: r.serviceprovider_id_pk,
      serviceproviderName: r.serviceprovider_name,
      serviceproviderAddress: r.serviceprovider_address,
      subscriptionStatus: r.subscription_status,
      clientCount: Number(r.client_count),
      createdAt: r.created_at.toISOString(),
    }));
  });

  app.get('/admin/findings', { onRequest }, async () => checkRegistry.map((check) => ({ ...check })));

  app.get('/admin/email/status', { onRequest }, async () => ({
    status: await platformEmailEnabled(services),
    smtpConfigured: Boolean(config.SMTP_URL),
    billingMode: billing.mode,
  }));

  app.post('/admin/email/status', { onRequest }, async (request, reply) => {
    const parsed = z.object({ status: z.boolean() }).safeParse(request.body);
    if (!parsed.success) return sendZodError(reply, parsed.error);
    const value = JSON.stringify({ enabled: parsed.data.status });
    await db
      .insertInto('platform_setting')
      .values({ key: EMAIL_STATUS_KEY, value })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: new Date() }))
      .execute();
    return { status: parsed.data.status };
  });
}
