import { createClient, type Client } from 'graphql-ws';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { insertProviderWithClient } from '../../../../test-support/tenants';
import { GRAPHQL_PATH } from '../graphql/register-graphql';
import { TOKEN_EXPIRED_CLOSE_CODE } from '../graphql/subscription-watch';
import { SESSION_ENDED } from './access-token';
import { createWebSession, endSession, sessionIdOfToken } from './session-store';
import { upsertUser } from './users';

// Regression tests of the penetration test's findings "removing a user does not remove access" and "live
// subscriptions are never re-checked": a signed-out or removed user's token stops at once, their live socket closes.

let test: TestApp;
let url: string;
let clientId: string;
const sockets: Client[] = [];

beforeAll(async () => {
  test = await createTestApp();
  ({ clientId } = await insertProviderWithClient(test.services.db, { name: 'Widerruf GmbH' }));
  url = await test.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const socket of sockets) await socket.dispose();
  await test.close();
});

/** A real client user with a real web session and the access token the session route would hand out. */
async function signedInUser(email: string, ttlSeconds?: number) {
  const userId = await upsertUser(test.services.db, { email, password: 'Richtig-2026!', roles: ['client'], clientId });
  const session = await createWebSession(test.services.db, { userId });
  const sessionId = sessionIdOfToken(session.token);
  const token = await test.services.tokens.issue({ userId, email, roles: ['client'], orgId: clientId, sessionId }, ttlSeconds);
  return { userId, sessionId, headers: { authorization: `Bearer ${token}`, 'x-hasura-role': 'client' } };
}

const readFindings = (headers: Record<string, string>) => test.app.inject({ method: 'GET', url: `/client/${clientId}/ioe/states`, headers });

/** Subscribes to the client's live security log; resolves with the close code of the socket. */
function liveSocketClosed(headers: Record<string, string>): { connected: Promise<void>; closed: Promise<number> } {
  let onConnected: () => void = () => {};
  let onClosed: (code: number) => void = () => {};
  const connected = new Promise<void>((resolve) => (onConnected = resolve));
  const closed = new Promise<number>((resolve) => (onClosed = resolve));
  const socket = createClient({
    url: `${url.replace(/^http/, 'ws')}${GRAPHQL_PATH}`,
    webSocketImpl: WebSocket,
    connectionParams: { headers },
    retryAttempts: 0,
    on: { connected: () => onConnected(), closed: (event) => onClosed((event as { code: number }).code) },
  });
  sockets.push(socket);
  socket.subscribe({ query: `subscription ($id: ID!) { ioaEvents(clientId: $id) { title } }`, variables: { id: clientId } }, { next: () => {}, error: () => {}, complete: () => {} });
  return { connected, closed };
}

describe('after sign-out', () => {
  it('refuses the token at once and closes the live socket with 4403', async () => {
    const user = await signedInUser('abgemeldet@kunde.test');
    expect((await readFindings(user.headers)).statusCode).toBe(200);
    const live = liveSocketClosed(user.headers);
    await live.connected;
    await endSession(test.services.db, user.sessionId);
    const refused = await readFindings(user.headers);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().detail).toBe(SESSION_ENDED);
    expect(await live.closed).toBe(4403);
  });
});

describe('after removal from the team', () => {
  it('refuses the token at once and closes the live socket with 4403', async () => {
    const user = await signedInUser('entfernt@kunde.test');
    const live = liveSocketClosed(user.headers);
    await live.connected;
    const admin = await test.headersFor('admin', null);
    const removed = await test.app.inject({
      method: 'DELETE',
      url: `/client/${clientId}/collaboration/team`,
      headers: { ...admin, 'content-type': 'application/json' },
      payload: { userUUID: user.userId },
    });
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    expect((await readFindings(user.headers)).statusCode).toBe(401);
    expect(await live.closed).toBe(4403);
  });
});

describe('when the token expires', () => {
  it('closes the live socket so the client reconnects with a fresh token', async () => {
    const user = await signedInUser('kurz@kunde.test', 2);
    const live = liveSocketClosed(user.headers);
    await live.connected;
    const startedAt = Date.now();
    expect(await live.closed).toBe(TOKEN_EXPIRED_CLOSE_CODE);
    expect(Date.now() - startedAt).toBeLessThan(4_000);
  });
});

describe('an installer downloaded before removal', () => {
  // Two installer downloads pack the collector executables: allow for a loaded machine.
  it('cannot be activated after its downloader was removed; a bound key keeps running', { timeout: 120_000 }, async () => {
    const user = await signedInUser('installer@kunde.test');
    const download = async () => {
      const response = await test.app.inject({ method: 'GET', url: `/client/${clientId}/collector/installer`, headers: user.headers });
      const zip = await JSZip.loadAsync(response.rawPayload);
      return (JSON.parse(await zip.file('burgwall-collector/burgwall-collector.json')!.async('string')) as { apiKey: string }).apiKey;
    };
    const running = await download();
    const takenAlong = await download();
    const license = (key: string, machine: string) =>
      test.app.inject({ method: 'POST', url: `/client/${clientId}/collector/license`, headers: { authorization: `ApiKey ${key}`, 'x-burgwall-machine': machine, 'content-type': 'application/json' }, payload: { machineCode: machine } });
    expect((await license(running, 'kunden-srv-01')).statusCode).toBe(200);

    const admin = await test.headersFor('admin', null);
    await test.app.inject({ method: 'DELETE', url: `/client/${clientId}/collaboration/team`, headers: { ...admin, 'content-type': 'application/json' }, payload: { userUUID: user.userId } });
    expect((await license(takenAlong, 'fremder-pc-01')).statusCode).toBe(401);
    expect((await license(running, 'kunden-srv-01')).statusCode).toBe(200);
  });
});
