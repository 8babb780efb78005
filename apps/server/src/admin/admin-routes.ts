import { checkRegistry } from '@burgwall/checks';
import type { FastifyInstance } from 'fastify';
import { authenticate } from '../auth/principal';
import type { Services } from '../services';

/** Admin-only endpoints under /admin (SPEC §6). */
export function registerAdminRoutes(app: FastifyInstance, services: Services): void {
  const { db, tokens } = services;
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
}
