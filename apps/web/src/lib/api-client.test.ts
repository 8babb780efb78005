import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setApiBaseUrl } from './api-base';
import { refreshSession } from './auth/session';
import { QueryClient } from '@tanstack/react-query';
import { ApiError, apiCall, apiRequest, buildPath, callApi, RequiredError } from './api-client';
import { retryDelay, shouldRetry } from './query-retry';

/** A JWT-shaped token that expires in an hour (the client only reads `exp`). */
function token(n: number): string {
  const payload = btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + 3600, n }));
  return `e30.${payload.replace(/=+$/, '')}.sig`;
}

/** Scripted answers per path; records what reached the server. */
let script: Record<string, Array<number | 'drop'>> = {};
let seen: Array<{ path: string; authorization?: string; role?: string }> = [];
let sessions = 0;
let issued = 0;
let delays: number[] = [];
let server: Server;

beforeAll(async () => {
  server = createServer((request, response) => {
    const path = request.url ?? '/';
    if (path.startsWith('/api/auth/session')) {
      sessions++;
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ user: { email: 'k@x.de', roles: ['client', 'demo_user'], orgId: 'c1' }, accessToken: token(++issued) }));
      return;
    }
    seen.push({ path, authorization: request.headers.authorization, role: request.headers['x-hasura-role'] as string });
    const next = script[path]?.shift() ?? 200;
    if (next === 'drop') {
      request.socket.destroy();
      return;
    }
    response.statusCode = next;
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(next === 200 ? { ok: true } : { message: `status ${next}` }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  setApiBaseUrl(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(async () => {
  script = {};
  seen = [];
  delays = [];
  await refreshSession();
  sessions = 0;
});

describe('apiRequest against a real HTTP server', () => {
  it('sends the bearer token and the main role, and fills path parameters', async () => {
    await expect(apiRequest('getX', { path: '/client/{clientUUID}/x', required: { clientUUID: 'c1' } })).resolves.toEqual({ ok: true });
    expect(seen[0]).toMatchObject({ path: '/client/c1/x', role: 'client', authorization: expect.stringMatching(/^Bearer e30\./) });
  });

  it('sends a typed call of a *-api.ts with its operation, path parameters and query', async () => {
    const getX = (clientUUID: string) => apiCall<{ ok: boolean }>('getX', { path: '/client/{clientUUID}/x', required: { clientUUID }, query: { mode: 'audit' } });
    const answer: { ok: boolean } = await callApi(getX('c1'));
    expect(answer).toEqual({ ok: true });
    expect(seen[0]).toMatchObject({ path: '/client/c1/x?mode=audit' });
    await expect(callApi(apiCall('getY', { path: '/client/{clientUUID}/y', required: { clientUUID: null } }))).rejects.toThrow(
      'Required parameter "clientUUID" was null or undefined when calling getY()',
    );
    // A parameter lost on the way (undefined dropped by JSON) leaves its placeholder: refused the same way.
    expect(() => buildPath('getZ', { path: '/serviceprovider/{serviceproviderUUID}/clients', required: {} })).toThrow(
      'Required parameter "serviceproviderUUID" was null or undefined when calling getZ()',
    );
  });

  it('throws the required-parameter error before calling', async () => {
    const call = apiRequest('getClientLicense', { path: '/client/{clientUUID}/license', required: { clientUUID: undefined } });
    await expect(call).rejects.toThrow(new RequiredError('clientUUID', 'getClientLicense'));
    await expect(call).rejects.toThrow('Required parameter "clientUUID" was null or undefined when calling getClientLicense()');
    expect(seen).toHaveLength(0);
  });

  it('on 401 refreshes the session and retries with the new token', async () => {
    script['/a'] = [401, 200];
    await expect(apiRequest('a', { path: '/a' })).resolves.toEqual({ ok: true });
    expect(sessions).toBe(1);
    expect(seen).toHaveLength(2);
    expect(seen[1]?.authorization).not.toBe(seen[0]?.authorization);
  });

  it('gives up after 3 refresh retries with the error code message', async () => {
    script['/b'] = [401, 401, 401, 401, 200];
    const error = await apiRequest('b', { path: '/b' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Response returned an error code');
    expect((error as ApiError).status).toBe(401);
    expect(seen).toHaveLength(4);
    expect(sessions).toBe(3);
  });

});

/** Reads through a query cache with the app's retry rules; the waits are recorded instead of slept. */
function read(path: string) {
  const cache = new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        // TanStack asks for the delay before it decides to retry: only the waits of real retries are recorded.
        retryDelay: (failures, error) => {
          if (shouldRetry(failures, error)) delays.push(retryDelay(failures, error));
          return 0;
        },
      },
    },
  });
  return cache.fetchQuery({ queryKey: [path], queryFn: () => apiRequest(path, { path }) });
}

describe('retries of the query cache against a real HTTP server', () => {
  it('retries 5xx with 400/800/1600 ms backoff and succeeds', async () => {
    script['/c'] = [503, 500, 502, 200];
    await expect(read('/c')).resolves.toEqual({ ok: true });
    expect(delays).toEqual([400, 800, 1600]);
  });

  it('throws after 3 retries of a 5xx, and does not retry a 4xx', async () => {
    script['/d'] = [500, 500, 500, 500];
    await expect(read('/d')).rejects.toMatchObject({ status: 500, body: { message: 'status 500' } });
    expect(seen).toHaveLength(4);
    script['/e'] = [404];
    await expect(read('/e')).rejects.toMatchObject({ status: 404 });
    expect(seen).toHaveLength(5);
  });

  it('retries network failures and then throws the fetch error', async () => {
    script['/f'] = ['drop', 200];
    await expect(read('/f')).resolves.toEqual({ ok: true });
    expect(delays).toEqual([400]);
    script['/g'] = ['drop', 'drop', 'drop', 'drop'];
    await expect(read('/g')).rejects.toThrow(TypeError);
    expect(delays).toEqual([400, 400, 800, 1600]);
  });

  it('sends a call exactly once without the cache: one 5xx is the answer', async () => {
    script['/h'] = [503, 200];
    await expect(apiRequest('h', { path: '/h' })).rejects.toMatchObject({ status: 503 });
    expect(seen).toHaveLength(1);
  });
});
