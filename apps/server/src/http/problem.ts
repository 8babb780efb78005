/**
 * RFC 9457 problem details for every 4xx/5xx of the REST API. Handlers throw a `ProblemError` (or one of the helpers
 * below); the error handler turns it, validation errors and Fastify's own errors into `application/problem+json` with a
 * German `detail`. A 500 carries no database or stack text: it is logged with the request id, and the answer names the id.
 */
import { describeIssue, describeIssues, PROBLEM_CONTENT_TYPE, type IssueDescription, type Problem } from '@burgwall/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';

export const PROBLEM_TITLES: Record<number, string> = {
  400: 'Ungültige Anfrage',
  401: 'Nicht angemeldet',
  403: 'Keine Berechtigung',
  404: 'Nicht gefunden',
  405: 'Methode nicht erlaubt',
  409: 'Konflikt',
  410: 'Nicht mehr verfügbar',
  413: 'Anfrage zu groß',
  415: 'Nicht unterstütztes Format',
  422: 'Nicht verarbeitbar',
  423: 'Gesperrt',
  429: 'Zu viele Anfragen',
  500: 'Interner Fehler',
  502: 'Fehler eines anderen Dienstes',
  503: 'Dienst nicht verfügbar',
};

const TYPE_SLUGS: Record<number, string> = {
  400: 'bad-request',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not-found',
  409: 'conflict',
  413: 'payload-too-large',
  415: 'unsupported-media-type',
  429: 'too-many-requests',
  500: 'internal',
  502: 'bad-gateway',
  503: 'unavailable',
};

export function problemType(status: number, slug?: string): string {
  return `urn:burgwall:problem:${slug ?? TYPE_SLUGS[status] ?? String(status)}`;
}

/** A problem a handler raises on purpose: status, German detail and optionally field errors or a type slug. */
export class ProblemError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string,
    readonly extra: { slug?: string; errors?: IssueDescription[]; title?: string } = {},
  ) {
    super(detail);
  }
}

export const badRequest = (detail: string, errors?: IssueDescription[]) => new ProblemError(400, detail, { errors });
export const unauthorized = (detail: string) => new ProblemError(401, detail);
export const forbidden = (detail: string) => new ProblemError(403, detail);
export const notFound = (detail: string) => new ProblemError(404, detail);
export const conflict = (detail: string, slug?: string) => new ProblemError(409, detail, { slug });
export const payloadTooLarge = (detail: string) => new ProblemError(413, detail);

/** A 400 from a zod error of a value the handler parsed itself (e.g. a part of a multipart form). */
export function validationProblem(error: z.ZodError, prefix?: string): ProblemError {
  const errors = describeIssues(error, prefix);
  return new ProblemError(400, validationDetail(errors), { slug: 'validation', errors, title: 'Ungültige Eingabe' });
}

/** At most this many field errors in one answer: a rejected 50,000-row batch must not answer with megabytes. */
export const MAX_LISTED_ERRORS = 20;
const MAX_ERRORS_IN_DETAIL = 5;

function validationDetail(errors: IssueDescription[]): string {
  if (errors.length === 1) return errors[0]?.message ?? 'Die Anfrage enthält ungültige Angaben.';
  const shown = errors.slice(0, MAX_ERRORS_IN_DETAIL).map((error) => error.message).join(' ');
  const rest = errors.length - MAX_ERRORS_IN_DETAIL;
  return `Die Anfrage enthält ${errors.length} ungültige Angaben: ${shown}${rest > 0 ? ` … und ${rest} weitere.` : ''}`;
}

const listed = (errors: IssueDescription[]) => errors.slice(0, MAX_LISTED_ERRORS);

/** German texts for Fastify's own client errors (body parsing, limits, media types). */
const FASTIFY_DETAILS: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'Der Inhalt der Anfrage ist kein gültiges JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Der Inhalt der Anfrage ist leer, obwohl JSON angekündigt wurde.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'Der Inhalt der Anfrage ist zu groß.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Dieses Format (Content-Type) wird hier nicht angenommen.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Die angegebene Länge (Content-Length) passt nicht zum Inhalt.',
  FST_ERR_CTP_INVALID_TYPE: 'Das Format (Content-Type) der Anfrage ist ungültig.',
  FST_ERR_BAD_URL: 'Die Adresse der Anfrage ist ungültig.',
  FST_ERR_ASYNC_CONSTRAINT: 'Die Anfrage konnte keiner Route zugeordnet werden.',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'Die Anfrage muss als multipart/form-data gesendet werden.',
  FST_REQ_FILE_TOO_LARGE: 'Die hochgeladene Datei ist zu groß.',
  FST_FILES_LIMIT: 'Es wurden zu viele Dateien hochgeladen.',
  FST_PARTS_LIMIT: 'Die Anfrage hat zu viele Teile.',
  FST_PROTO_VIOLATION: 'Die Anfrage enthält unzulässige Schlüssel.',
};

const GENERIC_DETAILS: Record<number, string> = {
  400: 'Die Anfrage ist ungültig.',
  401: 'Bitte melden Sie sich an.',
  403: 'Sie haben keine Berechtigung für diese Aktion.',
  404: 'Das Angeforderte wurde nicht gefunden.',
  413: 'Der Inhalt der Anfrage ist zu groß.',
  415: 'Dieses Format (Content-Type) wird hier nicht angenommen.',
  429: 'Zu viele Anfragen. Bitte warten Sie kurz und versuchen Sie es erneut.',
};

export function sendProblem(reply: FastifyReply, problem: Problem): FastifyReply {
  // The serializer of a route schema must not touch the problem (it is not the route's success shape).
  return reply.code(problem.status).type(PROBLEM_CONTENT_TYPE).serializer(JSON.stringify).send(problem);
}

function problemOf(status: number, detail: string, request: FastifyRequest, extra: Partial<Problem> & { slug?: string } = {}): Problem {
  const { slug, ...rest } = extra;
  return {
    type: problemType(status, slug),
    title: rest.title ?? PROBLEM_TITLES[status] ?? 'Fehler',
    status,
    detail,
    instance: request.url.split('?')[0],
    ...rest,
  };
}

/** Where in the request a validation error was found, as the first path segment ("body.reason", "query.limit"). */
const CONTEXT_PREFIX: Record<string, string> = { body: 'body', querystring: 'query', params: 'params', headers: 'headers' };

export function registerProblemHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ProblemError | Error, request, reply) => {
    if (error instanceof ProblemError) {
      if (error.statusCode >= 500) request.log.error({ err: error }, 'problem');
      return sendProblem(
        reply,
        problemOf(error.statusCode, error.detail, request, {
          slug: error.extra.slug,
          ...(error.extra.title ? { title: error.extra.title } : {}),
          ...(error.extra.errors ? { errors: listed(error.extra.errors) } : {}),
          ...(error.statusCode >= 500 ? { requestId: request.id } : {}),
        }),
      );
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const context = CONTEXT_PREFIX[(error as FastifyError).validationContext ?? 'body'] ?? 'body';
      const errors = error.validation.map((issue) =>
        describeIssue({ path: issue.instancePath.split('/').filter(Boolean), message: issue.message ?? 'Der Wert ist ungültig.' }, context),
      );
      return sendProblem(reply, problemOf(400, validationDetail(errors), request, { slug: 'validation', title: 'Ungültige Eingabe', errors: listed(errors) }));
    }
    if (error instanceof z.ZodError) {
      const problem = validationProblem(error);
      return sendProblem(reply, problemOf(400, problem.detail, request, { slug: 'validation', title: 'Ungültige Eingabe', errors: listed(problem.extra.errors ?? []) }));
    }
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status < 500) {
      const code = 'code' in error && typeof error.code === 'string' ? error.code : '';
      const detail = FASTIFY_DETAILS[code] ?? GENERIC_DETAILS[status] ?? 'Die Anfrage konnte nicht verarbeitet werden.';
      return sendProblem(reply, problemOf(status, detail, request));
    }
    if (isUnstorableText(error)) {
      return sendProblem(reply, problemOf(400, UNSTORABLE_TEXT, request, { slug: 'validation', title: 'Ungültige Eingabe' }));
    }
    request.log.error({ err: error, reqId: request.id }, 'request failed');
    const unavailable = isDatabaseUnavailable(error);
    if (unavailable) reply.header('retry-after', '30');
    const detail = unavailable
      ? `Der Dienst ist vorübergehend nicht erreichbar. Bitte versuchen Sie es gleich noch einmal (Fehlernummer ${request.id}).`
      : `Ein interner Fehler ist aufgetreten. Bitte versuchen Sie es erneut; bleibt der Fehler, nennen Sie dem Support die Fehlernummer ${request.id}.`;
    return sendProblem(reply, problemOf(unavailable ? 503 : 500, detail, request, { requestId: request.id }));
  });

  app.setNotFoundHandler((request, reply) =>
    sendProblem(reply, problemOf(404, `Die Adresse ${request.method} ${request.url.split('?')[0]} gibt es nicht.`, request, { slug: 'route-not-found' })),
  );
}

/** PostgreSQL down or unreachable: the answer is 503, not 500 (a client may retry). */
function isDatabaseUnavailable(error: unknown): boolean {
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '57P01', '57P02', '57P03', '53300', '08000', '08003', '08006'].includes(String(code))) return true;
  // node-postgres names a lost connection or an exhausted pool only in its message.
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(String(message ?? ''));
}

const UNSTORABLE_TEXT =
  'Die Daten enthalten ein Zeichen, das nicht gespeichert werden kann (z. B. ein NUL-Zeichen \\u0000). Bitte entfernen Sie es und senden Sie die Daten erneut.';

/** PostgreSQL refuses text with NUL (22P05 in jsonb, 22021 in text): bad input, not a server fault. */
function isUnstorableText(error: unknown): boolean {
  return ['22P05', '22021'].includes(String((error as { code?: unknown }).code));
}
