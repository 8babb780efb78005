import Fastify from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { relativeLocation, testBrowser } from '../../../../test-support/test-browser';
import { registerProblemHandlers } from '../http/problem';
import { registerSignInRoutes } from './sign-in-routes';
import { upsertUser } from './users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'http://localhost:3000' });
});
afterAll(() => t.close());

const postForm = (url: string, payload: string) =>
  t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload });

describe('sign-in routes', () => {
  it('lists the provider and hands out a CSRF token bound to a cookie', async () => {
    const providers = await t.app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(providers.json()).toMatchObject({ keycloak: { id: 'keycloak', type: 'oidc' } });
    const csrf = await t.app.inject({ method: 'GET', url: '/api/auth/csrf' });
    expect(csrf.json().csrfToken).toMatch(/^[0-9a-f]{64}$/);
    const cookie = csrf.cookies.find((c) => c.name === 'burgwall.csrf-token');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
  });

  it('answers an unknown provider with InvalidProvider 400', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/signin/github' });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(response.json()).toMatchObject({
      type: 'urn:burgwall:problem:invalid-provider',
      detail: 'Den Anmeldedienst „github“ gibt es nicht. Bitte melden Sie sich über die Startseite an.',
    });
  });

  it('answers InvalidProvider 500 when no provider is configured', async () => {
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerProblemHandlers(app);
    await app.register(fastifyCookie);
    await app.register(fastifyFormbody);
    registerSignInRoutes(app, t.services, { providers: [], publicUrl: 'http://localhost:3000', external: false });
    const response = await app.inject({ method: 'POST', url: '/api/auth/signin/keycloak', payload: {} });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({ type: 'urn:burgwall:problem:invalid-provider', status: 500 });
    const start = await app.inject({ method: 'GET', url: '/api/auth/signin' });
    expect(start.statusCode).toBe(500);
    expect(start.json().detail).toBe('Es ist kein Anmeldedienst eingerichtet. Bitte wenden Sie sich an Ihren Administrator.');
    await app.close();
  });

  it('refuses sign-out without a CSRF token with the NextAuth message', async () => {
    const response = await postForm('/api/auth/signout', 'callbackUrl=%2F&json=true');
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(response.json().detail).toBe('Could not fetch CSRF Token for signing out');
    const empty = await t.app.inject({ method: 'POST', url: '/api/auth/signout' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().detail).toBe('Could not fetch CSRF Token for signing out');
  });

  it('refuses a POST sign-in whose CSRF token does not match the cookie', async () => {
    const response = await postForm('/api/auth/signin/keycloak', 'csrfToken=forged&json=true');
    expect(response.statusCode).toBe(403);
    expect(response.json().detail).toMatch(/^Das CSRF-Token fehlt oder passt nicht zu diesem Browser\./);
  });

  it('never sends the browser to another site after sign-out', async () => {
    const b = testBrowser(t.app);
    const { csrfToken } = (await b.request('GET', '/api/auth/csrf')).json() as { csrfToken: string };
    for (const callbackUrl of ['//evil.test', '/\\evil.test', 'https://evil.test/x', `http://localhost:3000//evil.test`, `http://localhost:3000/\\evil.test`]) {
      const out = await b.request('POST', '/api/auth/signout', { csrfToken, callbackUrl, json: 'true' });
      expect(out.json(), callbackUrl).toEqual({ url: '/' });
    }
    const own = await b.request('POST', '/api/auth/signout', { csrfToken, callbackUrl: '/client/x/dashboard?tab=1', json: 'true' });
    expect(own.json()).toEqual({ url: '/client/x/dashboard?tab=1' });
  });

  it('validates the form and the callbackUrl with German messages', async () => {
    const response = await postForm('/api/auth/signin/keycloak', 'csrfToken=x&callbackUrl=javascript%3Aalert(1)');
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { path: 'body.callbackUrl', message: 'Die Rücksprungadresse muss ein Pfad dieser Anwendung (beginnend mit /) oder eine http(s)-Adresse sein.' },
    ]);
    const flag = await t.app.inject({ method: 'GET', url: '/api/auth/signin/keycloak?json=vielleicht' });
    expect(flag.statusCode).toBe(400);
    expect(flag.json().errors[0].path).toBe('query.json');
  });

  it('redirects a browser to the sign-in page of the provider and gives API callers the URL', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/auth/signin/keycloak?callbackUrl=%2Fprovider', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(302);
    expect(page.headers.location).toMatch(/\/oidc\/auth\?/);
    const api = await t.app.inject({ method: 'GET', url: '/api/auth/signin/keycloak?callbackUrl=%2Fprovider' });
    expect(api.statusCode).toBe(200);
    expect(api.json().url).toMatch(/\/oidc\/auth\?/);
    const first = await t.app.inject({ method: 'GET', url: '/api/auth/signin?callbackUrl=%2Fprovider', headers: { accept: 'text/html' } });
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe('/api/auth/signin/keycloak?callbackUrl=%2Fprovider');
  });

  it('restarts a callback without the state cookie: browsers sign in again, API callers get a problem', async () => {
    const browserCall = await t.app.inject({ method: 'GET', url: '/api/auth/callback/keycloak?code=abc&state=xyz', headers: { accept: 'text/html' } });
    expect(browserCall.statusCode).toBe(302);
    expect(browserCall.headers.location).toBe('/api/auth/signin');
    const apiCall = await t.app.inject({ method: 'GET', url: '/api/auth/callback/keycloak?code=abc&state=xyz' });
    expect(apiCall.statusCode).toBe(400);
    expect(apiCall.json().detail).toMatch(/^Die Anmeldung ist abgelaufen/);
  });

  it('shows the German error page with the SPEC text of server problems', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/error?error=Configuration' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('Der Anmeldedienst ist gerade nicht erreichbar');
    expect(response.body).toContain('Server configuration error');
  });

  it('gives an empty session without a cookie', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/session?callbackUrl=%2F' });
    expect(response.json()).toEqual({});
  });

  it('signs in through the embedded provider, returns the session with a token and signs out', async () => {
    const { serviceprovider_id_pk: providerId } = await t.services.db
      .insertInto('serviceprovider')
      .values({ serviceprovider_name: 'Test IT' })
      .returning('serviceprovider_id_pk')
      .executeTakeFirstOrThrow();
    await upsertUser(t.services.db, {
      email: 'sp@test.de',
      password: 'Richtig-2026!',
      roles: ['serviceprovider', 'next_user'],
      serviceproviderId: providerId,
    });
    const b = testBrowser(t.app);
    const { csrfToken } = (await b.request('GET', '/api/auth/csrf')).json() as { csrfToken: string };
    const start = await b.request('POST', '/api/auth/signin/keycloak', { csrfToken, callbackUrl: '/provider', json: 'true' });
    let response = await b.request('GET', relativeLocation(start.json().url));
    expect(response.statusCode).toBe(303);
    const interaction = relativeLocation(response.headers.location);
    expect(interaction).toMatch(/^\/oidc\/interaction\//);
    const page = await b.request('GET', interaction);
    expect(page.body).toContain('Anmelden');

    const wrong = await b.request('POST', `${interaction}/login`, { email: 'sp@test.de', password: 'falsch' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain('E-Mail-Adresse oder Passwort ist falsch.');

    response = await b.request('POST', `${interaction}/login`, { email: 'sp@test.de', password: 'Richtig-2026!' });
    for (let hops = 0; hops < 5 && response.headers.location && !b.jar.has('burgwall.session-token'); hops++) {
      response = await b.request('GET', relativeLocation(response.headers.location));
    }
    expect(relativeLocation(response.headers.location)).toBe('/provider');
    const session = (await b.request('GET', '/api/auth/session')).json();
    expect(session.user).toMatchObject({ email: 'sp@test.de', roles: ['serviceprovider', 'next_user'], orgId: providerId });
    const identity = await t.services.tokens.verify(session.accessToken);
    expect(identity).toMatchObject({ orgId: providerId, roles: ['serviceprovider', 'next_user'] });
    expect(identity.expiresAt).toBeLessThan(Date.now() / 1000 + 400);

    const bearer = { authorization: `Bearer ${session.accessToken}`, 'x-hasura-role': 'serviceprovider' };
    const valid = await t.app.inject({ method: 'GET', url: '/user/session/validate', headers: bearer });
    expect(valid.json()).toEqual({ status: 'valid' });

    const out = await b.request('POST', '/api/auth/signout', { csrfToken, callbackUrl: '/', json: 'true' });
    expect(out.json()).toEqual({ url: '/' });
    expect((await b.request('GET', '/api/auth/session')).json()).toEqual({});
    const ended = await t.app.inject({ method: 'GET', url: '/user/session/validate', headers: bearer });
    expect(ended.json()).toEqual({ status: 'ended' });
  });

  it('ends the identity session with bearer auth and refuses without it', async () => {
    const anonymous = await t.app.inject({ method: 'POST', url: '/user/keycloak/end-session' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['content-type']).toMatch(/^application\/problem\+json/);
    const response = await t.app.inject({
      method: 'POST',
      url: '/user/keycloak/end-session',
      headers: await t.headersFor('admin', null),
    });
    expect(response.json()).toEqual({ status: 'ended' });
  });

  it('exposes APP_ENV to the web', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/runtime-config' });
    expect(response.json()).toEqual({ appEnv: 'selfhosted' });
  });
});
