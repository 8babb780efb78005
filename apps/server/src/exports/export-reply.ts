/** The HTTP side shared by every export route: the file answer in OpenAPI and the download reply. */
import type { ExportFormat } from '@burgwall/shared';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { ExportTable } from './export-table';
import { CONTENT_TYPES, writeExport } from './export-writers';

type FileBody = Buffer;

/** The 200 answer in OpenAPI: one of three media types, chosen by `?format=`. */
export function exportResponse(what: string) {
  const binary = z.string().meta({ format: 'binary' }) as unknown as z.ZodType<FileBody>;
  return {
    description: `${what} als Datei: CSV (UTF-8 mit BOM, Semikolon, deutsche Spaltennamen), XLSX (eine Tabelle) oder JSON (Array von Objekten).`,
    content: { 'text/csv': { schema: binary }, [CONTENT_TYPES.xlsx]: { schema: binary }, 'application/json': { schema: binary } },
  };
}

/** Writes the table in the asked format as an attachment named `<fileName>-<day>.<format>`. */
export async function sendExport(reply: FastifyReply, table: ExportTable, format: ExportFormat): Promise<FastifyReply> {
  const body = await writeExport(table, format);
  const day = new Date().toISOString().slice(0, 10);
  return reply
    .header('content-type', CONTENT_TYPES[format])
    .header('content-disposition', `attachment; filename="${table.fileName}-${day}.${format}"`)
    .header('cache-control', 'no-store')
    .send(body);
}
