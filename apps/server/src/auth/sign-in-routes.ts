import {
  authFormSchema,
  authProvidersAnswerSchema,
  authUrlAnswerSchema,
  csrfAnswerSchema,
  sessionAnswerSchema,
  sessionQuerySchema,
  signInQuerySchema,
  type AuthForm,
  type SessionAnswer,
} from '@burgwall/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ApiApp } from '../http/api-app';
import { badRequest, ProblemError } from '../http/problem';
import type { Services } from '../services';
import { accountFromClaims } from './account-from-claims';
import { safeCallbackUrl } from './callback-url';
import { authCookies } from './cookies';
import { CsrfTokens } from './csrf';
import { AuthConfigurationError, type RelyingParty } from './relying-party';
import { createWebSession, endSession, findSessionByToken, SESSION_TTL_SECONDS } from './session-store';
import { failSignIn, renderAuthErrorPage, wantsJson } from './sign-in-errors';
import { findUserById } from './users';

export const AUTH_BASE_PATH = '/api/auth';
const STATE_TTL_SECONDS = 15 * 60;

/** SPEC §8: the text of a sign-out without CSRF token, as NextAuth words it. */
export const MISSING_SIGN_OUT_CSRF = 'Could not fetch CSRF Token for signing out';
const CSRF_MISMATCH = 'Das CSRF-Token fehlt oder passt nicht zu diesem Browser. Bitte laden Sie die Seite neu und versuchen Sie es erneut.';

/** Form posts of browsers and NextAuth clients, and JSON. */
const FORM_TYPES = ['application/x-www-form-urlencoded', 'application/json'];

const providerParamsSchema = z.object({ provider: z.string().max(100).describe('ID des Anmeldedienstes, z. B. keycloak') });

/** What the identity provider appends to the callback (query, or form body with response_mode=form_post). */
const oidcCallbackSchema = z
  .object({
    code: z.string().optional().describe('Autorisierungscode'),
    state: z.string().optional().describe('Zustandswert der Anmeldung'),
    iss: z.string().optional().describe('Aussteller'),
    session_state: z.string().optional(),
    error: z.string().optional().describe('Fehlercode des Anmeldedienstes'),
    error_description: z.string().optional(),
  })
  .catchall(z.string());

const errorPageQuerySchema = z.object({
  error: z.string().regex(/^\w{1,50}$/).optional().describe('Fehlerart: Configuration, Runtime oder AccessDenied'),
});

/** Browsers are redirected (the Location header names the target); API callers get the JSON answer instead. */
const redirect = (description: string) => z.void().describe(description);

const htmlPage = (description: string) => ({ description, content: { 'text/html': { schema: z.string() } } });

const RESTART_SIGN_IN = 'Die Anmeldung ist abgelaufen oder wurde in einem anderen Browser begonnen. Bitte melden Sie sich erneut an.';

interface AuthRouteOptions {
  /** The configured sign-in providers; empty means sign-in is impossible (InvalidProvider 500). */
  providers: readonly RelyingParty[];
  publicUrl: string;
  /** Whether the providers' issuer is external (users matched by e-mail). */
  external: boolean;
}

/**
 * The NextAuth-compatible routes of SPEC §7 "Identity and session" under /api/auth (public; the web session is a
 * cookie) and their errors (SPEC §8). Browsers are redirected as NextAuth does; API callers (`json=true`, or no
 * `Accept: text/html`) get `{url}` or problem details.
 */
export function registerSignInRoutes(app: ApiApp, services: Services, options: AuthRouteOptions): void {
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

  /** The provider of a sign-in/callback; InvalidProvider (SPEC §8) is 500 without providers, 400 for an unknown one. */
  function providerOf(id: string): RelyingParty {
    if (options.providers.length === 0) throw noProviders();
    const provider = options.providers.find(({ info }) => info.id === id);
    if (!provider) {
      throw new ProblemError(400, `Den Anmeldedienst „${id}“ gibt es nicht. Bitte melden Sie sich über die Startseite an.`, { slug: 'invalid-provider' });
    }
    return provider;
  }

  async function startSignIn(request: FastifyRequest, reply: FastifyReply, provider: RelyingParty, form: NonNullable<AuthForm>) {
    let start;
    try {
      start = await provider.start();
    } catch (error) {
      request.log.error({ err: error }, 'sign-in could not start');
      return failSignIn(request, reply, error instanceof AuthConfigurationError ? 'Configuration' : 'Runtime', form.json);
    }
    const callbackUrl = safeCallbackUrl(form.callbackUrl, options.publicUrl);
    const state = secrets.seal(JSON.stringify({ state: start.state, codeVerifier: start.codeVerifier, callbackUrl, provider: provider.info.id }));
    reply.setCookie(cookies.state, state, { ...cookies.options(STATE_TTL_SECONDS), path: `${base}/callback` });
    return wantsJson(request, form.json) ? reply.send({ url: start.url }) : reply.redirect(start.url);
  }

  app.get(
    `${base}/providers`,
    { schema: { summary: 'Anmeldedienste auflisten', description: 'NextAuth-kompatibel. Öffentlich.', response: { 200: authProvidersAnswerSchema } } },
    async () => providerList(),
  );

  app.get(
    `${base}/csrf`,
    {
      schema: {
        summary: 'CSRF-Token abrufen',
        description: 'Setzt bei Bedarf das CSRF-Cookie; das Token gehört in die Formulare von Anmeldung und Abmeldung. Öffentlich.',
        response: { 200: csrfAnswerSchema },
      },
    },
    async (request, reply) => {
      const existing = csrf.fromCookie(request.cookies[cookies.csrf]);
      if (existing) return { csrfToken: existing };
      const { token, cookie } = csrf.create();
      reply.setCookie(cookies.csrf, cookie, cookies.options());
      return { csrfToken: token };
    },
  );

  app.get(
    `${base}/session`,
    {
      schema: {
        summary: 'Sitzung und Zugriffstoken lesen',
        description: 'Zur Sitzung im Cookie der Benutzer, ein frisches Zugriffstoken und das Ablaufdatum; ohne Sitzung ein leeres Objekt. Öffentlich.',
        querystring: sessionQuerySchema,
        response: { 200: sessionAnswerSchema },
      },
    },
    async (request, reply): Promise<SessionAnswer> => {
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
    },
  );

  // GET /signin has no form: it starts the only provider with the callbackUrl of the query.
  app.get(
    `${base}/signin`,
    {
      schema: {
        summary: 'Anmeldung starten',
        description: 'Leitet zum eingerichteten Anmeldedienst weiter (API-Aufrufer mit json=true erhalten {url}). Ohne Anmeldedienst 500 (SPEC §8 InvalidProvider). Öffentlich.',
        querystring: signInQuerySchema,
        response: { 200: authUrlAnswerSchema, 302: redirect('Weiter zur Anmeldung beim Anmeldedienst') },
      },
    },
    async (request, reply) => {
      const first = options.providers[0];
      if (!first) throw noProviders();
      const query = new URLSearchParams({ callbackUrl: safeCallbackUrl(request.query.callbackUrl, options.publicUrl) });
      const url = `${base}/signin/${first.info.id}?${query.toString()}`;
      return wantsJson(request, request.query.json) ? { url } : reply.redirect(url);
    },
  );

  // A GET sign-in only starts the flow; the state cookie binds its callback to this browser.
  app.get(
    `${base}/signin/:provider`,
    {
      schema: {
        summary: 'Anmeldung bei einem Anmeldedienst starten',
        description: 'Setzt das State-Cookie und leitet zum Anmeldedienst weiter (oder antwortet {url}); ein unbekannter Anmeldedienst antwortet 400. Öffentlich.',
        params: providerParamsSchema,
        querystring: signInQuerySchema,
        response: { 200: authUrlAnswerSchema, 302: redirect('Weiter zur Anmeldeseite des Anmeldedienstes') },
      },
    },
    async (request, reply) => startSignIn(request, reply, providerOf(request.params.provider), request.query),
  );

  app.post(
    `${base}/signin/:provider`,
    {
      schema: {
        summary: 'Anmeldung per Formular starten',
        description: 'Wie GET, mit dem CSRF-Token im Formular; fehlt es oder passt es nicht, antwortet 403. Öffentlich.',
        consumes: FORM_TYPES,
        params: providerParamsSchema,
        body: authFormSchema,
        response: { 200: authUrlAnswerSchema, 302: redirect('Weiter zur Anmeldeseite des Anmeldedienstes') },
      },
    },
    async (request, reply) => {
      const provider = providerOf(request.params.provider);
      const form = request.body ?? {};
      if (!csrf.matches(request.cookies[cookies.csrf], form.csrfToken)) throw new ProblemError(403, CSRF_MISMATCH, { slug: 'missing-csrf' });
      return startSignIn(request, reply, provider, form);
    },
  );

  const callback = async (request: FastifyRequest, reply: FastifyReply, provider: RelyingParty, fields: Record<string, string>) => {
    const sealed = request.cookies[cookies.state];
    reply.clearCookie(cookies.state, { ...cookies.options(), path: `${base}/callback` });
    let stored: { state: string; codeVerifier: string; callbackUrl: string; provider: string };
    try {
      stored = JSON.parse(secrets.open(sealed ?? '')) as typeof stored;
    } catch {
      // No or a forged state cookie: browsers restart the sign-in instead of failing hard.
      if (wantsJson(request)) throw badRequest(RESTART_SIGN_IN);
      return reply.redirect(`${base}/signin`);
    }
    const currentUrl = new URL(request.url, options.publicUrl);
    for (const [key, value] of Object.entries(fields)) currentUrl.searchParams.set(key, value);
    try {
      const result = await provider.finish(currentUrl, stored);
      const account = await accountFromClaims(db, result.claims, options.external);
      if (!account) return failSignIn(request, reply, 'AccessDenied');
      const session = await createWebSession(db, {
        userId: account.userId,
        idToken: result.idToken,
        refreshTokenSealed: result.refreshToken ? secrets.seal(result.refreshToken) : undefined,
      });
      reply.setCookie(cookies.session, session.token, cookies.options(SESSION_TTL_SECONDS));
      const url = safeCallbackUrl(stored.callbackUrl, options.publicUrl);
      return wantsJson(request) ? reply.send({ url }) : reply.redirect(url);
    } catch (error) {
      if (error instanceof ProblemError) throw error;
      request.log.error({ err: error }, 'sign-in callback failed');
      return failSignIn(request, reply, error instanceof AuthConfigurationError ? 'Configuration' : 'Runtime');
    }
  };
  const callbackResponse = { 200: authUrlAnswerSchema, 302: redirect('Angemeldet: weiter zur callbackUrl der Anmeldung') };
  app.get(
    `${base}/callback/:provider`,
    {
      schema: {
        summary: 'Rückkehr vom Anmeldedienst',
        description: 'Prüft Code und State, legt die Sitzung an (Cookie) und leitet zur callbackUrl weiter; ein Konto ohne Zugang führt zur Fehlerseite (AccessDenied). Öffentlich.',
        params: providerParamsSchema,
        querystring: oidcCallbackSchema,
        response: callbackResponse,
      },
    },
    // The query is already part of request.url.
    async (request, reply) => callback(request, reply, providerOf(request.params.provider), {}),
  );
  app.post(
    `${base}/callback/:provider`,
    {
      schema: {
        summary: 'Rückkehr vom Anmeldedienst (form_post)',
        description: 'Wie GET, mit den Feldern im Formular (response_mode=form_post). Öffentlich.',
        consumes: FORM_TYPES,
        params: providerParamsSchema,
        body: oidcCallbackSchema,
        response: callbackResponse,
      },
    },
    async (request, reply) => callback(request, reply, providerOf(request.params.provider), request.body),
  );

  app.post(
    `${base}/signout`,
    {
      schema: {
        summary: 'Abmelden',
        description: 'Beendet die Sitzung und löscht das Cookie. Ohne CSRF-Token 400 mit dem SPEC-festen Text „Could not fetch CSRF Token for signing out“, mit falschem 403.',
        consumes: FORM_TYPES,
        body: authFormSchema,
        response: { 200: authUrlAnswerSchema, 302: redirect('Abgemeldet: weiter zur callbackUrl') },
      },
    },
    async (request, reply) => {
      const form = request.body ?? {};
      if (!form.csrfToken) throw new ProblemError(400, MISSING_SIGN_OUT_CSRF, { slug: 'missing-csrf' });
      if (!csrf.matches(request.cookies[cookies.csrf], form.csrfToken)) throw new ProblemError(403, CSRF_MISMATCH, { slug: 'missing-csrf' });
      const session = await findSessionByToken(db, request.cookies[cookies.session]);
      if (session) await endSession(db, session.sessionId);
      reply.clearCookie(cookies.session, cookies.options());
      const url = safeCallbackUrl(form.callbackUrl, options.publicUrl);
      return wantsJson(request, form.json) ? reply.send({ url }) : reply.redirect(url);
    },
  );

  app.get(
    `${base}/error`,
    {
      schema: {
        summary: 'Fehlerseite der Anmeldung',
        description: 'Deutsche HTML-Seite zu Configuration, Runtime oder AccessDenied. Öffentlich.',
        querystring: errorPageQuerySchema,
        response: { 200: htmlPage('Deutsche Fehlerseite der Anmeldung') },
      },
    },
    async (request, reply) => reply.type('text/html; charset=utf-8').send(renderAuthErrorPage(request.query.error)),
  );
}

/** InvalidProvider without any provider (SPEC §8: 500). */
function noProviders(): ProblemError {
  return new ProblemError(500, 'Es ist kein Anmeldedienst eingerichtet. Bitte wenden Sie sich an Ihren Administrator.', {
    slug: 'invalid-provider',
  });
}
