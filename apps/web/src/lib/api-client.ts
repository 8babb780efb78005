/**
 * REST client for the Burgwall API (SPEC §7/§8). Contract used by every feature:
 *   each feature's `*-api.ts` has one function per endpoint that returns an `ApiCall<Answer>`, typed with the zod
 *   types of `@burgwall/shared` (the schemas the server validates and serializes with);
 *   `callApi(call)` sends it, `useApiQuery(call)` (./api-query) loads it through the query cache. Underneath:
 *   apiRequest<T>('name()', { method, path, body, query, required: { clientUUID } })
 * - adds Authorization: Bearer <session token> and x-hasura-role (the main role);
 *   an expired token is refreshed before the call
 * - a missing required parameter throws
 *   'Required parameter "X" was null or undefined when calling Y()'
 * - a non-2xx response throws ApiError('Response returned an error code') with status and body
 * - 401: the session is refreshed and the call retried (up to 3 times)
 * - an auth error (SPEC §4: 'Could not verify JWT: JWTExpired' or an expired token) refreshes once and retries;
 *   a second one signs the user out (in dev: a warning toast), see ./auth/auth-error
 * - 5xx and network errors are retried by the query cache (./query-retry: 3 times after 400, 800 and 1600 ms)
 */
import { isProblem, mainRole } from '@burgwall/shared';
import { apiUrl } from './api-base';
import { JWT_EXPIRED_MESSAGE, withAuthRetry } from './auth/auth-error';
import { refreshSession, type SessionState } from './auth/session';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super('Response returned an error code');
  }
  /** The server's German explanation (`detail` of its problem details), for showing to the user. */
  get serverMessage(): string | undefined {
    if (isProblem(this.body)) return this.body.detail;
    return typeof this.body === 'object' && this.body !== null && 'message' in this.body
      ? String((this.body as { message: unknown }).message)
      : undefined;
  }
}

export class RequiredError extends Error {
  constructor(field: string, operation: string) {
    super(`Required parameter "${field}" was null or undefined when calling ${operation}()`);
  }
}

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path with `{name}` placeholders filled from `required`. */
  path: string;
  required?: Record<string, string | number | null | undefined>;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
}

declare const answerType: unique symbol;

/** One REST call together with the type of its answer. */
export interface ApiCall<Answer> extends ApiRequest {
  operation: string;
  /** Type only, never set: what the server answers (its zod response schema). */
  readonly [answerType]?: Answer;
}

/** Describes a call to one endpoint; `Answer` is the shared type of its response schema. */
export function apiCall<Answer>(operation: string, request: ApiRequest): ApiCall<Answer> {
  return { operation, ...request };
}

/** Sends a call built by a `*-api.ts` function. */
export function callApi<Answer>({ operation, ...request }: ApiCall<Answer>): Promise<Answer> {
  return apiRequest<Answer>(operation, request);
}

export const MAX_UNAUTHORIZED_RETRIES = 3;

export function buildPath(operation: string, request: ApiRequest): string {
  let path = request.path;
  for (const [name, value] of Object.entries(request.required ?? {})) {
    if (value === null || value === undefined) throw new RequiredError(name, operation);
    path = path.replaceAll(`{${name}}`, encodeURIComponent(String(value)));
  }
  // A placeholder left means a path parameter was not given at all (e.g. lost as undefined on the way).
  const unfilled = path.match(/\{(\w+)\}/);
  if (unfilled?.[1]) throw new RequiredError(unfilled[1], operation);
  const query = Object.entries(request.query ?? {}).filter(([, v]) => v !== undefined);
  if (query.length > 0) path += `?${new URLSearchParams(query.map(([k, v]) => [k, String(v)])).toString()}`;
  return path;
}

function authHeaders(session: SessionState): Record<string, string> {
  if (!session.data) return {};
  const role = mainRole(session.data.user.roles);
  return { authorization: `Bearer ${session.data.accessToken}`, ...(role ? { 'x-hasura-role': role } : {}) };
}

async function send(url: string, request: ApiRequest, session: SessionState): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json', ...authHeaders(session) };
  let body: BodyInit | undefined;
  if (request.body instanceof FormData) body = request.body;
  else if (request.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(request.body);
  }
  return fetch(url, { method: request.method ?? 'GET', headers, body, credentials: 'same-origin' });
}

export async function apiRequest<T>(operation: string, request: ApiRequest): Promise<T> {
  const url = apiUrl(buildPath(operation, request));
  return withAuthRetry((session) => sendRefreshingSession<T>(url, request, session));
}

function isJwtExpiredAnswer(status: number, body: unknown): boolean {
  return status === 401 && new ApiError(status, body).serverMessage === JWT_EXPIRED_MESSAGE;
}

async function sendRefreshingSession<T>(url: string, request: ApiRequest, initial: SessionState): Promise<T> {
  let session = initial;
  for (let unauthorized = 0; ; unauthorized++) {
    const response = await send(url, request, session);
    const text = await response.text();
    const parsed: unknown = text && response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text;
    // An expired token goes to withAuthRetry (refresh once, then sign-out); other 401s refresh up to 3 times.
    if (response.status === 401 && unauthorized < MAX_UNAUTHORIZED_RETRIES && !isJwtExpiredAnswer(response.status, parsed)) {
      session = await refreshSession();
      continue;
    }
    if (!response.ok) throw new ApiError(response.status, parsed);
    return parsed as T;
  }
}
