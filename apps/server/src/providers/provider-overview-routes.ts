import { providerOverviewSchema } from '@burgwall/shared';
import type { ApiApp } from '../http/api-app';
import type { Services } from '../services';
import { loadProviderOverview } from './provider-overview';

/** The provider's morning overview over all monitored clients (provider scope). */
export function registerProviderOverviewRoutes(app: ApiApp, services: Services): void {
  app.get(
    '/serviceprovider/:serviceproviderUUID/overview',
    {
      config: { apiTokenScope: 'findings:read' },
      schema: {
        summary: 'Morgenübersicht aller überwachten Kunden lesen',
        description:
          'Durchschnittliche Bewertung und ihr Stand vor einer Woche, Kunden nach Note, gefährdete Kunden (offene kritische Befunde oder ein Rückgang um mindestens 5 Punkte in einer Woche), Collectoren ohne Kontakt seit mehr als 4 Stunden und die IoAs der letzten 24 Stunden. Für admin und Benutzer des Dienstleisters.',
        response: { 200: providerOverviewSchema },
      },
    },
    async (request) => loadProviderOverview(services.db, request.provider.providerId),
  );
}
