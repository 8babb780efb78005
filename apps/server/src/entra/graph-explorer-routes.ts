import type { FastifyInstance } from 'fastify';
import { authenticate } from '../auth/principal';
import { canAccessClient } from '../auth/tenant-access';
import { sendZodError } from '../http/zod-reply';
import type { Services } from '../services';
import { loadCredentials } from './entra-store';
import { graphExplorerBody, type GraphExplorerRequest } from './entra-schemas';
import { fetchGraphToken } from './entra-token';

const TIMEOUT_MS = 30_000;

/** The Graph URL of a request; null when the path would leave the Graph API's origin. */
export function graphUrl(graphBaseUrl: string, request: GraphExplorerRequest): URL | null {
  const base = new URL(graphBaseUrl);
  const url = new URL(`${base.pathname.replace(/\/$/, '')}/${request.apiVersion}${request.url}`, base);
  if (url.origin !== base.origin) return null;
  if (request.properties.length > 0) url.searchParams.set('$select', request.properties.join(','));
  return url;
}

/** Admin-only Graph explorer (SPEC §7: POST /admin/graph-explorer/request): GET requests against a client's tenant. */
export function registerGraphExplorerRoutes(app: FastifyInstance, services: Services): void {
  const { db, tokens, secrets, config } = services;

  app.post('/admin/graph-explorer/request', { onRequest: authenticate(tokens, ['admin']) }, async (request, reply) => {
    const parsed = graphExplorerBody.safeParse(request.body);
    if (!parsed.success) return sendZodError(reply, parsed.error);
    const body = parsed.data;
    if (!request.principal || !(await canAccessClient(db, request.principal, body.client))) return reply.code(404).send({ message: `Client ${body.client} not found` });
    const url = graphUrl(config.GRAPH_BASE_URL, body);
    if (!url) return reply.code(400).send({ message: 'url darf nur einen Pfad der Graph-API enthalten' });
    const loaded = await loadCredentials(db, secrets, body.client);
    if (!loaded.ok) return reply.code(409).send({ message: loaded.message, data: null });
    const token = await fetchGraphToken(loaded.credentials, config.ENTRA_AUTHORITY_URL, config.GRAPH_BASE_URL);
    if (!token.ok) return reply.code(502).send({ message: token.message, data: null });
    let response: Response;
    try {
      response = await fetch(url, { headers: { authorization: `Bearer ${token.accessToken}`, accept: 'application/json' }, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (error) {
      return reply.code(502).send({ message: `Microsoft Graph ist nicht erreichbar (${(error as Error).message}).`, data: null });
    }
    const text = await response.text();
    let data: unknown = text;
    try {
      data = JSON.parse(text);
    } catch {
      // Non-JSON answers (e.g. $value of a photo) are returned as text.
    }
    if (!response.ok) return reply.code(502).send({ message: `Microsoft Graph antwortete mit HTTP ${response.status}.`, data });
    // Shown to the admin as typed, not percent-encoded.
    return { message: `HTTP ${response.status}: GET ${decodeURIComponent(`${url.pathname}${url.search}`)}`, data };
  });
}
