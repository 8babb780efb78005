import { adminFindingsAnswerSchema, adminFindingsQuerySchema, adminProviderListSchema } from '@burgwall/shared';
import type { ApiApp } from '../http/api-app';
import type { Services } from '../services';
import { loadCrossTenantFindings } from './cross-tenant-findings';

/** Admin-only endpoints under /admin (SPEC §6), in the admin scope. */
export function registerAdminRoutes(app: ApiApp, services: Services): void {
  const { db } = services;

  app.get(
    '/admin/serviceprovider',
    {
      schema: {
        summary: 'Alle Dienstleister auflisten',
        description: 'Mit Abo-Status und Anzahl der Kunden. Nur Rolle admin.',
        response: { 200: adminProviderListSchema },
      },
    },
    async () => {
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
    },
  );

  app.get(
    '/admin/findings',
    {
      schema: {
        summary: 'Befunde aller Kunden auflisten',
        description:
          'Prüfungen mit offenen Befunden bei allen Kunden aller Dienstleister, die kritischsten zuerst; filterbar nach Dienstleister, Kunde, Prüfung und Kritikalität. Dazu die Auswahllisten für die Filter. Nur Rolle admin.',
        querystring: adminFindingsQuerySchema,
        response: { 200: adminFindingsAnswerSchema },
      },
    },
    async (request) => loadCrossTenantFindings(db, request.query),
  );
}
