import { collectorSettingsSchema } from '@burgwall/shared';
import type { ApiApp } from '../http/api-app';

/**
 * The client's collector settings (issue 14): how often the collector makes a full collection. The collector reads the
 * value as `fullCollectionIntervalMs` from GET collector/config on every cycle.
 */
export function registerCollectorSettingsRoutes(app: ApiApp): void {
  app.get(
    '/client/:clientUUID/collector/settings',
    {
      schema: {
        summary: 'Einstellungen des Collectors lesen',
        description: 'Abstand der vollständigen Erfassungen in Stunden. Für admin, den Dienstleister des Kunden und Benutzer des Kunden.',
        response: { 200: collectorSettingsSchema },
      },
    },
    async (request) => {
      const row = await request.tenant.db.selectFrom('status_collector').select('full_collection_interval_hours').executeTakeFirstOrThrow();
      return { fullCollectionIntervalHours: row.full_collection_interval_hours };
    },
  );

  app.post(
    '/client/:clientUUID/collector/settings',
    {
      schema: {
        summary: 'Einstellungen des Collectors ändern',
        description:
          'Abstand der vollständigen Erfassungen (1–168 Stunden); der Collector übernimmt ihn mit seinem nächsten Zyklus über GET collector/config. Für admin, den Dienstleister des Kunden und Benutzer des Kunden.',
        body: collectorSettingsSchema,
        response: { 200: collectorSettingsSchema },
      },
    },
    async (request) => {
      const row = await request.tenant.db
        .updateTable('status_collector')
        .set({ full_collection_interval_hours: request.body.fullCollectionIntervalHours, updated_at: new Date() })
        .returning('full_collection_interval_hours')
        .executeTakeFirstOrThrow();
      return { fullCollectionIntervalHours: row.full_collection_interval_hours };
    },
  );
}
