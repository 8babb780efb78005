import { type ApiTokenScope, exportAffectedObjectsQuerySchema, exportQuerySchema, exportRangeQuerySchema, type ExportFormat } from '@burgwall/shared';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/database';
import type { ApiApp } from '../http/api-app';
import type { Services } from '../services';
import { affectedObjectsTable, changesTable, findingsTable, ioasTable, MAX_EXPORT_ROWS, type TimeRange } from './export-data';
import type { ExportTable } from './export-table';
import { CONTENT_TYPES, writeExport } from './export-writers';

type FileBody = Buffer;

/** The 200 answer in OpenAPI: one of three media types, chosen by `?format=`. */
function exportResponse(what: string) {
  const binary = z.string().meta({ format: 'binary' }) as unknown as z.ZodType<FileBody>;
  return {
    description: `${what} als Datei: CSV (UTF-8 mit BOM, Semikolon, deutsche Spaltennamen), XLSX (eine Tabelle) oder JSON (Array von Objekten).`,
    content: { 'text/csv': { schema: binary }, [CONTENT_TYPES.xlsx]: { schema: binary }, 'application/json': { schema: binary } },
  };
}

async function send(reply: FastifyReply, table: ExportTable, format: ExportFormat): Promise<FastifyReply> {
  const body = await writeExport(table, format);
  const day = new Date().toISOString().slice(0, 10);
  return reply
    .header('content-type', CONTENT_TYPES[format])
    .header('content-disposition', `attachment; filename="${table.fileName}-${day}.${format}"`)
    .header('cache-control', 'no-store')
    .send(body);
}

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
