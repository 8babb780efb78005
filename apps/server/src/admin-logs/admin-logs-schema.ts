import { ADMIN_LOG_LEVELS, dayEnd, dayStart, exportQuerySchema, parseGermanDate, type AdminLogLevel } from '@burgwall/shared';
import { z } from 'zod';
import { isClientId } from '../db/client-schema';

/** A lower-case UUID; `subject` names the field in the message (the global label of `clientId` is the OAuth2 client id). */
const uuid = (subject = 'Der Wert') => z.string().refine(isClientId, `${subject} muss eine UUID in Kleinbuchstaben sein.`);
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})?)?$/;

/** A day 'DD.MM.YYYY' (Berlin, as the UI shows dates) or an ISO date/time; `end` widens a plain day to its last ms. */
function dateParam(end: boolean) {
  return z
    .string()
    .trim()
    .transform((text, ctx) => {
      const german = parseGermanDate(text);
      if (german) return end ? dayEnd(german) : dayStart(german);
      if (ISO_DATE.test(text)) {
        const parsed = new Date(text);
        if (!Number.isNaN(parsed.getTime())) {
          // A bare ISO day means the whole Berlin day too.
          if (text.length === 10) {
            const day = parseGermanDate(text.split('-').reverse().join('.'));
            if (day) return end ? dayEnd(day) : dayStart(day);
          } else return parsed;
        }
      }
      ctx.addIssue({ code: 'custom', message: `Der Wert muss ein Datum im Format TT.MM.JJJJ oder nach ISO 8601 sein, nicht „${text.slice(0, 40)}“.` });
      return z.NEVER;
    });
}

/** Keyset position after the last row of a page: (received_at text with µs, client id, log id), base64url JSON. */
export interface LogCursor {
  receivedAt: string;
  clientId: string;
  logId: string;
}

const cursorShape = z.object({
  receivedAt: z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/),
  clientId: uuid(),
  logId: z.string().regex(/^\d{1,18}$/),
});

export function encodeCursor(cursor: LogCursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

const cursorParam = z.string().transform((text, ctx) => {
  try {
    const parsed = cursorShape.safeParse(JSON.parse(Buffer.from(text, 'base64url').toString('utf8')));
    if (parsed.success) return parsed.data;
  } catch {
    // falls through to the issue below
  }
  ctx.addIssue({ code: 'custom', message: 'Der Wert stammt nicht aus dieser Liste. Bitte laden Sie die Liste neu.' });
  return z.NEVER;
});

/**
 * Log "levels": collector logs are plain text without a level column, so a level filter keeps the logs that
 * contain at least one line of that level (or worse), matched the way the collector writes them ("ERROR", "WARN").
 */
export type LogLevel = AdminLogLevel;

/** The search's filters, shared by the paged list and the export. */
const logFilterShape = {
  clientId: uuid('Die Kunden-ID').optional(),
  provider: uuid('Die Anbieter-ID').optional(),
  // A custom message: the values themselves are in the API reference (an English word in the detail would mislead).
  level: z.enum(ADMIN_LOG_LEVELS, { error: 'Der Wert muss eine der erlaubten Stufen sein (nur Warnungen und Fehler oder nur Fehler).' }).optional(),
  from: dateParam(false).optional(),
  to: dateParam(true).optional(),
  q: z.string().trim().min(2).max(200).optional(),
};

const periodInOrder = (query: { from?: Date; to?: Date }) => !query.from || !query.to || query.from <= query.to;
const PERIOD_REVERSED = { message: 'Das Startdatum darf nicht nach dem Enddatum liegen.', path: ['from'] };

export const logListQuerySchema = z
  .object({ ...logFilterShape, cursor: cursorParam.optional(), limit: z.coerce.number().int().min(1).max(200).default(50) })
  .strict()
  .refine(periodInOrder, PERIOD_REVERSED);

/** GET /admin/logs/export: the same filters, every match (up to MAX_EXPORT_ROWS) in one file. */
export const logExportQuerySchema = exportQuerySchema.extend(logFilterShape).strict().refine(periodInOrder, PERIOD_REVERSED);

export type LogListQuery = z.infer<typeof logListQuerySchema>;

/** Path of GET /admin/logs/{clientUUID}/{logId}; the admin scope's guard resolves the client (unknown: 404). */
export const logParamsSchema = z.object({
  clientUUID: z.string().describe('ID des Kunden (UUID)'),
  logId: z.string().regex(/^\d{1,18}$/, 'Der Wert muss eine positive ganze Zahl sein.'),
});
