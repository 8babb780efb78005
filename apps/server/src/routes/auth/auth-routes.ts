import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { accountFromClaims } from '../../auth/account-from-claims';
import { authCookies } from '../../auth/cookies';
import { CsrfTokens } from '../../auth/csrf';
import { AuthConfigurationError, type RelyingParty } from '../../auth/relying-party';
import { createWebSession, endSession, findSessionByToken, SESSION_TTL_SECONDS } from '../../auth/session-store';
import { findUserById } from '../../auth/users';
import type { Services } from '../../services';
import { renderAuthErrorPage, sendAuthError, wantsJson } from './auth-errors';
import { safeCallbackUrl } from './callback-url';

export const AUTH_BASE_PATH = '/api/auth';
const STATE_TTL_SECONDS = 15 * 60;

interface AuthForm {
  csrfToken?: unknown;
  callbackUrl?: unknown;
  json?: unknown;
}

interface AuthRouteOptions {
  /** The configured sign-in providers; empty means sign-in is impossible (InvalidProvider 500). */
  providers: readonly RelyingParty[];
  publicUrl: string;
  /** Whether the providers' issuer is external (users matched by e-mail). */
  external: boolean;
}

/** The NextAuth-compatible auth routes of SPEC §7 "Identity and session" and their errors (SPEC §8). */
export function registerAuthRoutes(app: FastifyInstance, services: Services, options: AuthRouteOptions): void {
  const { db, secrets, tokens } = services;
  const cookies = authCookies(options.publicUrl);
  const csrf = new CsrfTokens(services.config.APP_SECRET);
  const base = AUTH_BASE_PATH;

  const providerList = () =>
    Object.fromEntries(
      options.providers.map(({ info }) => [
        info.id,
        { ...info, signinUrl: `${options.publicUrl}${base}/signin/${info.id}`, callbackUrl: `${options.publicUrl}${base}/callback/${info.id}` },
      ]),
    );

  /** The provider of a sign-in/callback, or the InvalidProvider answer (500 without providers, 400 unknown). */
  function providerOr(reply: FastifyReply, id: string): RelyingParty | undefined {
    if (options.providers.length === 0) {
      void reply.code(500).send({ error: 'InvalidProvider', message: 'InvalidProvider: no sign-in providers are configured' });
      return undefined;
    }
    const provider = options.providers.find(({ info }) => info.id === id);
    if (!provider) void reply.code(400).send({ error: 'InvalidProvider', message: `InvalidProvider: unknown provider "${id}"` });
    return provider;
  }

  async function startSignIn(request: FastifyRequest, reply: FastifyReply, provider: RelyingParty, form: AuthForm) {
    let start;
    try {
      start = await provider.start();
    } catch (error) {
      request.log.error({ err: error }, 'sign-in could not start');
      return sendAuthError(request, reply, error instanceof AuthConfigurationError ? 'Configuration' : 'Runtime', form.json);
    }
    const callbackUrl = safeCallbackUrl(form.callbackUrl, options.publicUrl);
    const state = secrets.seal(JSON.stringify({ state: start.state, codeVerifier: start.codeVerifier, callbackUrl, provider: provider.info.id }));
    reply.setCookie(cookies.state, state, { ...cookies.options(STATE_TTL_SECONDS), path: `${base}/callback` });
    return wantsJson(request, form.json) ? reply.send({ url: start.url }) : reply.redirect(start.url);
  }

  app.get(`${base}/providers`, async () => providerList());

  app.get(`${base}/csrf`, async (request, reply) => {
    const existing = csrf.fromCookie(request.cookies[cookies.csrf]);
    if (existing) return { csrfToken: existing };
    const { token, cookie } = csrf.create();
    reply.setCookie(cookies.csrf, cookie, cookies.options());
    return { csrfToken: token };
  });

  app.get(`${base}/session`, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const session = await findSessionByToken(db, request.cookies[cookies.session]);
    const user = session ? await findUserById(db, session.userId) : undefined;
    if (!session || !user) return {};
    const accessToken = await tokens.issue({
      userId: user.userId,
      email: user.email,
      roles: user.roles,
      orgId: user.orgId,
      firstName: user.firstName,
      lastName: user.lastName,
      sessionId: session.sessionId,
    });
    const name = `${user.firstName} ${user.lastName}`.trim();
    return {
      user: { id: user.userId, email: user.email, name: name || user.email, roles: user.roles, orgId: user.orgId },
      accessToken,
      expires: session.expiresAt.toISOString(),
    };
  });

  // GET /signin has no form: it starts the only provider (or lists them) with the callbackUrl of the query.
  app.get<{ Querystring: { callbackUrl?: string } }>(`${base}/signin`, async (request, reply) => {
    const first = options.providers[0];
    if (!first) return reply.code(500).send({ error: 'InvalidProvider', message: 'InvalidProvider: no sign-in providers are configured' });
    const query = new URLSearchParams({ callbackUrl: safeCallbackUrl(request.query.callbackUrl, options.publicUrl) });
    return reply.redirect(`${base}/signin/${first.info.id}?${query.toString()}`);
  });

  // A GET sign-in only starts the flow; the state cookie binds its callback to this browser.
  app.get<{ Params: { provider: string }; Querystring: AuthForm }>(`${base}/signin/:provider`, async (request, reply) => {
    const provider = providerOr(reply, request.params.provider);
    if (!provider) return reply;
    return startSignIn(request, reply, provider, { callbackUrl: request.query.callbackUrl, json: request.query.json });
  });

  app.post<{ Params: { provider: string }; Body: AuthForm | undefined }>(`${base}/signin/:provider`, async (request, reply) => {
    const provider = providerOr(reply, request.params.provider);
    if (!provider) return reply;
    const form = request.body ?? {};
    if (!csrf.matches(request.cookies[cookies.csrf], form.csrfToken)) {
      return reply.code(403).send({ error: 'MissingCSRF', message: 'CSRF token missing or invalid' });
    }
    return startSignIn(request, reply, provider, form);
  });

  const callback = async (
    request: FastifyRequest<{ Params: { provider: string }; Body: Record<string, unknown> | undefined }>,
    reply: FastifyReply,
  ) => {
    const provider = providerOr(reply, request.params.provider);
    if (!provider) return reply;
    const sealed = request.cookies[cookies.state];
    reply.clearCookie(cookies.state, { ...cookies.options(), path: `${base}/callback` });
    let stored: { state: string; codeVerifier: string; callbackUrl: string; provider: string };
    try {
      stored = JSON.parse(secrets.open(sealed ?? '')) as typeof stored;
    } catch {
      // No or a forged state cookie: restart the sign-in instead of failing hard.
      return reply.redirect(`${base}/signin`);
    }
    const currentUrl = new URL(request.url, options.publicUrl);
    if (request.method === 'POST') {
      for (const [key, value] of Object.entries(request.body ?? {})) {
        if (typeof value === 'string') currentUrl.searchParams.set(key, value);
      }
    }
    try {
      const result = await provider.finish(currentUrl, stored);
      const account = await accountFromClaims(db, result.claims, options.external);
      if (!account) return sendAuthError(request, reply, 'AccessDenied');
      const session = await createWebSession(db, {
        userId: account.userId,
        idToken: result.idToken,
        refreshTokenSealed: result.refreshToken ? secrets.seal(result.refreshToken) : undefined,
      });
      reply.setCookie(cookies.session, session.token, cookies.options(SESSION_TTL_SECONDS));
      return reply.redirect(safeCallbackUrl(stored.callbackUrl, options.publicUrl));
    } catch (error) {
      request.log.error({ err: error }, 'sign-in callback failed');
      return sendAuthError(request, reply, error instanceof AuthConfigurationError ? 'Configuration' : 'Runtime');
    }
  };
  app.get(`${base}/callback/:provider`, callback);
  app.post(`${base}/callback/:provider`, callback);

  app.post<{ Body: AuthForm | undefined }>(`${base}/signout`, async (request, reply) => {
    const form = request.body ?? {};
    if (typeof form.csrfToken !== 'string' || form.csrfToken === '') {
      return reply.code(400).send({ error: 'MissingCSRF', message: 'Could not fetch CSRF Token for signing out' });
    }
    if (!csrf.matches(request.cookies[cookies.csrf], form.csrfToken)) {
      return reply.code(403).send({ error: 'MissingCSRF', message: 'CSRF token missing or invalid' });
    }
    const session = await findSessionByToken(db, request.cookies[cookies.session]);
    if (session) await endSession(db, session.sessionId);
    reply.clearCookie(cookies.session, cookies.options());
    const url = safeCallbackUrl(form.callbackUrl, options.publicUrl);
    return wantsJson(request, form.json) ? reply.send({ url }) : reply.redirect(url);
  });

  app.get<{ Querystring: { error?: string } }>(`${base}/error`, async (request, reply) =>
    reply.type('text/html; charset=utf-8').send(renderAuthErrorPage(request.query.error ?? 'Runtime')),
  );
}
