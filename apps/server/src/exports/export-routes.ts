import { type ApiTokenScope, exportAffectedObjectsQuerySchema, exportQuerySchema, exportRangeQuerySchema } from '@burgwall/shared';
import type { Db } from '../db/database';
import type { ApiApp } from '../http/api-app';
import type { Services } from '../services';
import { affectedObjectsTable, changesTable, findingsTable, ioasTable, type TimeRange } from './export-data';
import { type ExportTable, MAX_EXPORT_ROWS } from './export-table';
import { exportResponse, sendExport as send } from './export-reply';

const rangeOf = (query: { from?: string; to?: string }): TimeRange => ({ from: query.from ? new Date(query.from) : undefined, to: query.to ? new Date(query.to) : undefined });

const ACCESS = 'Für admin, den Dienstleister des Kunden und Benutzer des Kunden';

/** Exports of a client's findings, affected objects, changes and IoAs (client scope; tokens with a read scope). */
export function registerExportRoutes(app: ApiApp, services: Services): void {
  const { db } = services;
  const simple = (path: string, summary: string, what: string, scope: ApiTokenScope, build: (db: Db, clientId: string) => Promise<ExportTable>) =>
    app.get(
      path,
      {
        config: { apiTokenScope: scope },
        schema: { summary, description: `${what}. ${ACCESS}.`, querystring: exportQuerySchema, response: { 200: exportResponse(what) } },
      },
      async (request, reply) => send(reply, await build(db, request.tenant.clientId), request.query.format),
    );
  const ranged = (path: string, summary: string, what: string, scope: ApiTokenScope, build: (db: Db, clientId: string, range: TimeRange) => Promise<ExportTable>) =>
    app.get(
      path,
      {
        config: { apiTokenScope: scope },
        schema: {
          summary,
          description: `${what}, neueste zuerst, höchstens ${MAX_EXPORT_ROWS.toLocaleString('de-DE')} Zeilen (mit from/to eingrenzen). ${ACCESS}.`,
          querystring: exportRangeQuerySchema,
          response: { 200: exportResponse(what) },
        },
      },
      async (request, reply) => send(reply, await build(db, request.tenant.clientId, rangeOf(request.query)), request.query.format),
    );

  simple('/client/:clientUUID/export/findings', 'Befunde exportieren', 'Alle Prüfungen (IoE) mit Kritikalität, Status, Zahl der betroffenen Objekte und Punktabzug', 'findings:read', findingsTable);
  app.get(
    '/client/:clientUUID/export/affected-objects',
    {
      config: { apiTokenScope: 'findings:read' },
      schema: {
        summary: 'Betroffene Objekte exportieren',
        description: `Jedes betroffene Objekt jeder Prüfung (oder mit check nur einer) mit Ausnahme, falls vorhanden. ${ACCESS}.`,
        querystring: exportAffectedObjectsQuerySchema,
        response: { 200: exportResponse('Betroffene Objekte') },
      },
    },
    async (request, reply) => send(reply, await affectedObjectsTable(db, request.tenant.clientId, request.query.check), request.query.format),
  );
  ranged('/client/:clientUUID/export/changes', 'Änderungen exportieren', 'Die Änderungshistorie (Active Directory und Entra ID)', 'changes:read', changesTable);
  ranged('/client/:clientUUID/export/ioas', 'Angriffsindikatoren exportieren', 'Das Sicherheitsprotokoll: erkannte Angriffsindikatoren (IoA)', 'changes:read', ioasTable);
}
