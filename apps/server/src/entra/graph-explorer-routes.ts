import { type GraphExplorerRequest, graphExplorerAnswerSchema, graphExplorerBodySchema, type Problem } from '@burgwall/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ApiApp } from '../http/api-app';
import { badRequest, conflict, notFound, PROBLEM_TITLES, problemType, sendProblem } from '../http/problem';
import type { Services } from '../services';
import { loadCredentials } from './entra-store';
import { entraEndpoints, fetchGraphToken } from './entra-token';
import { guardedFetch } from '../http/outgoing';

const TIMEOUT_MS = 30_000;

/** The Graph URL of a request; null when the path would leave the Graph API's origin. */
export function graphUrl(graphBaseUrl: string, request: GraphExplorerRequest): URL | null {
  const base = new URL(graphBaseUrl);
  const url = new URL(`${base.pathname.replace(/\/$/, '')}/${request.apiVersion}${request.url}`, base);
  if (url.origin !== base.origin) return null;
  if (request.properties.length > 0) url.searchParams.set('$select', request.properties.join(','));
  return url;
}

/**
 * A 502 problem that also carries what Graph answered (extension member `data`), so the admin sees Graph's own
 * error object next to the German explanation.
 */
function graphFailure(request: FastifyRequest, reply: FastifyReply, detail: string, data: unknown): FastifyReply {
  const problem: Problem & { data: unknown } = {
    type: problemType(502),
    title: PROBLEM_TITLES[502] ?? 'Fehler',
    status: 502,
    detail,
    instance: request.url.split('?')[0],
    data,
  };
  return sendProblem(reply, problem);
}

/** Admin-only Graph explorer (SPEC §7: POST /admin/graph-explorer/request): GET requests against a client's tenant. */
export function registerGraphExplorerRoutes(app: ApiApp, services: Services): void {
  const { db, secrets, config } = services;

  app.post(
    '/admin/graph-explorer/request',
    {
      schema: {
        summary: 'Graph-Anfrage für einen Kunden ausführen',
        description: 'Führt eine GET-Anfrage an Microsoft Graph mit der Entra-ID-Verbindung des Kunden aus. Nur Rolle admin. Ohne nutzbare Verbindung 409; Fehler von Graph als 502 mit dessen Antwort in `data`.',
        body: graphExplorerBodySchema,
        response: { 200: graphExplorerAnswerSchema },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const client = await db.selectFrom('client').select('client_id_pk').where('client_id_pk', '=', body.client.toLowerCase()).executeTakeFirst();
      if (!client) throw notFound('Der Kunde wurde nicht gefunden.');
      const url = graphUrl(config.GRAPH_BASE_URL, body);
      if (!url) {
        const message = 'Die Adresse darf nur einen Pfad der Graph-API enthalten.';
        throw badRequest(message, [{ path: 'body.url', message }]);
      }
      const loaded = await loadCredentials(db, secrets, client.client_id_pk);
      if (!loaded.ok) throw conflict(loaded.message);
      const token = await fetchGraphToken(loaded.credentials, entraEndpoints(services));
      if (!token.ok) return graphFailure(request, reply, token.message, null);
      let response: Awaited<ReturnType<typeof guardedFetch>>;
      try {
        response = await guardedFetch(url, { headers: { authorization: `Bearer ${token.accessToken}`, accept: 'application/json' }, signal: AbortSignal.timeout(TIMEOUT_MS) }, services.outgoing);
      } catch (error) {
        request.log.warn({ err: error }, 'graph explorer: Microsoft Graph not reachable');
        return graphFailure(request, reply, 'Microsoft Graph ist nicht erreichbar. Bitte versuchen Sie es später noch einmal.', null);
      }
      const text = await response.text();
      let data: unknown = text;
      try {
        data = JSON.parse(text);
      } catch {
        // Non-JSON answers (e.g. $value of a photo) are returned as text.
      }
      if (!response.ok) return graphFailure(request, reply, `Microsoft Graph antwortete mit HTTP ${response.status}.`, data);
      // Shown to the admin as typed, not percent-encoded.
      return { message: `HTTP ${response.status}: GET ${decodeURIComponent(`${url.pathname}${url.search}`)}`, data };
    },
  );
}
