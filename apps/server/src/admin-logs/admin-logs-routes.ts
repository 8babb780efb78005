import { adminLogDetailSchema, adminLogFilterOptionsSchema, adminLogPageSchema } from '@burgwall/shared';
import type { ApiApp } from '../http/api-app';
import { notFound } from '../http/problem';
import type { Services } from '../services';
import { exportResponse, sendExport } from '../exports/export-reply';
import { MAX_EXPORT_ROWS } from '../exports/export-table';
import { logExportQuerySchema, logListQuerySchema, logParamsSchema } from './admin-logs-schema';
import { adminLogsTable } from './admin-logs-export';
import { adminLogFilterOptions, listAdminLogs, loadAdminLog } from './admin-logs-service';

/** Admin view of the collector logs of all clients (SPEC §2 /admin/logs, /admin/logs/search), in the admin scope. */
export function registerAdminLogRoutes(app: ApiApp, services: Services): void {
  const { db } = services;

  app.get(
    '/admin/logs',
    {
      schema: {
        summary: 'Collector-Protokolle aller Kunden auflisten',
        description: 'Seitenweise und filterbar. Nur Rolle admin.',
        querystring: logListQuerySchema,
        response: { 200: adminLogPageSchema },
      },
    },
    async (request) => listAdminLogs(db, request.query),
  );

  app.get(
    '/admin/logs/export',
    {
      schema: {
        summary: 'Collector-Protokolle exportieren',
        description: `Die Treffer der Protokollsuche mit denselben Filtern, neueste zuerst, höchstens ${MAX_EXPORT_ROWS.toLocaleString('de-DE')} Zeilen (ohne Inhalt der Protokolle). Nur Rolle admin.`,
        querystring: logExportQuerySchema,
        response: { 200: exportResponse('Collector-Protokolle') },
      },
    },
    async (request, reply) => {
      const { format, ...filter } = request.query;
      return sendExport(reply, await adminLogsTable(db, filter), format);
    },
  );

  app.get(
    '/admin/logs/filters',
    { schema: { summary: 'Filterwerte der Protokollliste lesen', description: 'Nur Rolle admin.', response: { 200: adminLogFilterOptionsSchema } } },
    async () => adminLogFilterOptions(db),
  );

  // The admin scope's guard resolves the client of the path into request.tenant (unknown client: 404).
  app.get(
    '/admin/logs/:clientUUID/:logId',
    {
      schema: {
        summary: 'Collector-Protokoll lesen',
        description: 'Ein Protokoll eines Kunden mit Inhalt. Nur Rolle admin.',
        params: logParamsSchema,
        response: { 200: adminLogDetailSchema },
      },
    },
    async (request) => {
      const log = await loadAdminLog(db, request.tenant.db, request.tenant.clientId, request.params.logId);
      if (!log) throw notFound('Das Protokoll wurde bei diesem Kunden nicht gefunden.');
      return log;
    },
  );
}
