import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

// The toast is Mantine's (needs a mounted provider); the test records what would be shown.
const notify = vi.fn();
vi.mock('../notify', () => ({ notify: (input: unknown) => notify(input) }));

/** A JWT-shaped token expiring `offsetSeconds` from now (the client only reads `exp`). */
const token = (offsetSeconds: number) =>
  `e30.${btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + offsetSeconds })).replace(/=+$/, '')}.sig`;

const EXPIRED = { type: 'about:blank', title: 'Unauthorized', status: 401, detail: 'Could not verify JWT: JWTExpired' };

/** A real HTTP server standing in for Burgwall: session, runtime config, sign-out and scripted API answers. */
let appEnv = 'prod';
let sessionToken: () => string | null = () => token(300);
let apiAnswers: number[] = [];
let seen: string[] = [];
let server: Server;

beforeAll(async () => {
  server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    seen.push(`${request.method} ${path}`);
    response.setHeader('content-type', 'application/json');
    if (path === '/api/auth/session') {
      const accessToken = sessionToken();
      response.end(JSON.stringify(accessToken ? { user: { id: 'u1', email: 'k@x.de', name: 'K', roles: ['client'], orgId: 'c1' }, accessToken } : {}));
    } else if (path === '/api/runtime-config') response.end(JSON.stringify({ appEnv }));
    else if (path === '/api/auth/csrf') response.end(JSON.stringify({ csrfToken: 'csrf' }));
    else if (path === '/api/auth/signout') response.end(JSON.stringify({ url: '/' }));
    else if (path === '/v1/graphql') {
      const status = apiAnswers.shift() ?? 200;
      response.statusCode = status;
      response.end(JSON.stringify(status === 401 ? { errors: [{ message: EXPIRED.detail }] } : { data: { ok: true } }));
    } else {
      const status = apiAnswers.shift() ?? 200;
      response.statusCode = status;
      response.end(JSON.stringify(status === 401 ? EXPIRED : { ok: true }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Fresh module state per test (session, cached APP_ENV), pointed at the local server. */
async function client() {
  vi.resetModules();
  const { setApiBaseUrl } = await import('../api-base');
  setApiBaseUrl(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  const api = await import('../api-client');
  const graphql = await import('../graphql/graphql-query');
  const { refreshSession } = await import('./session');
  await refreshSession();
  seen = [];
  return { api, graphql };
}

beforeEach(() => {
  appEnv = 'prod';
  sessionToken = () => token(300);
  apiAnswers = [];
  notify.mockReset();
});

describe('auth errors in the API and GraphQL clients (SPEC §4)', () => {
  it('a JWTExpired answer refreshes the session once and retries the call', async () => {
    const { api } = await client();
    apiAnswers = [401, 200];
    await expect(api.apiRequest('getX', { path: '/x' })).resolves.toEqual({ ok: true });
    expect(seen).toEqual(['GET /x', 'GET /api/auth/session', 'GET /x']);
  });

  it('outside dev a second auth error ends the identity session and signs out', async () => {
    const { api } = await client();
    apiAnswers = [401, 401, 401];
    await expect(api.apiRequest('getX', { path: '/x' })).rejects.toMatchObject({ status: 401, serverMessage: EXPIRED.detail });
    expect(seen).toEqual([
      'GET /x',
      'GET /api/auth/session',
      'GET /x',
      'GET /api/runtime-config',
      'POST /user/keycloak/end-session',
      'GET /api/auth/csrf',
      'POST /api/auth/signout',
      'GET /api/auth/session',
    ]);
    expect(notify).not.toHaveBeenCalled();
  });

  it('in dev it only shows the warning toast', async () => {
    appEnv = 'dev';
    const { graphql } = await client();
    apiAnswers = [401, 401];
    await expect(graphql.graphqlRequest('{ ok }')).rejects.toThrow('[GraphQL] Could not verify JWT: JWTExpired');
    expect(seen).toEqual(['POST /v1/graphql', 'GET /api/auth/session', 'POST /v1/graphql', 'GET /api/runtime-config']);
    expect(notify).toHaveBeenCalledWith(expect.objectContaining({ type: 'warn', text: 'User would be signed out in non dev env' }));
  });

  it('an expired token that cannot be refreshed any more signs out on the refused call', async () => {
    const { api } = await client();
    // The session ended on the server: the token held has expired and no new one is issued.
    sessionToken = () => null;
    vi.useFakeTimers({ now: Date.now() + 600_000, toFake: ['Date'] });
    try {
      apiAnswers = [401, 401, 401, 401, 401, 401, 401, 401, 401];
      await expect(api.apiRequest('getX', { path: '/x' })).rejects.toMatchObject({ status: 401 });
    } finally {
      vi.useRealTimers();
    }
    expect(seen).toContain('POST /api/auth/signout');
  });

  it('lets the route guard wait for a call meeting an auth error: outside dev the sign-out has started, in dev it only warned', async () => {
    for (const [env, expected] of [['prod', { signingOut: true, warnedInDev: false }], ['dev', { signingOut: false, warnedInDev: true }]] as const) {
      appEnv = env;
      const { api } = await client();
      const { authErrorsSettled } = await import('./auth-error');
      expect(await authErrorsSettled()).toEqual({ signingOut: false, warnedInDev: false });
      apiAnswers = [401, 401, 401];
      const call = api.apiRequest('getX', { path: '/x' }).catch(() => undefined);
      // Asked while the call is still running: answers once it has met and handled the auth error.
      expect(await authErrorsSettled()).toEqual(expected);
      await call;
    }
  });
});
