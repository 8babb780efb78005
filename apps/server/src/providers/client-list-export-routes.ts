import { CLIENT_MODES, exportQuerySchema } from '@burgwall/shared';
import { z } from 'zod';
import { exportResponse, sendExport } from '../exports/export-reply';
import type { ApiApp } from '../http/api-app';
import type { Services } from '../services';
import { clientListTable } from './client-list-export';

const clientListExportQuerySchema = exportQuerySchema
  .extend({
    mode: z.enum(CLIENT_MODES).optional().describe('Nur Kunden dieses Modus (monitoring, audit, quickcheck)'),
    q: z.string().trim().max(200).optional().describe('Nur Kunden, deren Name oder Standort diesen Text enthält (wie die Suche der Kundenliste)'),
  })
  .strict();

/** The provider's client list as CSV/XLSX/JSON (provider scope: admin and the provider's users). */
export function registerProviderClientExportRoutes(app: ApiApp, services: Services): void {
  app.get(
    '/serviceprovider/:serviceproviderUUID/clients/export',
    {
      config: { apiTokenScope: 'clients:manage' },
      schema: {
        summary: 'Kundenliste exportieren',
        description:
          'Die Kunden des Dienstleisters mit Standort, Bewertung, Note, offenen kritischen Befunden, Zustand und letztem Kontakt des Collectors sowie Abrechnungsdaten. Für admin und Benutzer des Dienstleisters.',
        querystring: clientListExportQuerySchema,
        response: { 200: exportResponse('Kundenliste') },
      },
    },
    async (request, reply) => {
      const { format, ...filter } = request.query;
      return sendExport(reply, await clientListTable(services.db, request.provider.providerId, filter), format);
    },
  );
}
