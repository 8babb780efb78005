import type { FastifyInstance } from 'fastify';

/** A tiny cookie jar over app.inject, enough to walk a browser's redirects (sign-in through the embedded provider). */
export function testBrowser(app: FastifyInstance) {
  const jar = new Map<string, string>();
  return {
    jar,
    async request(method: 'GET' | 'POST', url: string, form?: Record<string, string>) {
      const response = await app.inject({
        method,
        url,
        headers: {
          cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
          accept: 'text/html',
          ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
        payload: form ? new URLSearchParams(form).toString() : undefined,
      });
      for (const cookie of response.cookies) {
        if (cookie.maxAge === 0 || cookie.value === '') jar.delete(cookie.name);
        else jar.set(cookie.name, cookie.value);
      }
      return response;
    },
  };
}

export type TestBrowser = ReturnType<typeof testBrowser>;

/** Path and query of a Location header (the embedded provider answers with absolute URLs). */
export const relativeLocation = (location: string | undefined, base = 'http://localhost:3000') => {
  const url = new URL(location ?? '/', base);
  return `${url.pathname}${url.search}`;
};

/**
 * Signs in through the embedded identity provider like a browser: tells whether the provider asked for the password
 * (then `credentials` are entered) and whether the web session cookie was set in the end. `withoutPrompt` removes the
 * relying party's prompt=login from the authorization URL, as someone would who tries to ride on an existing session of
 * the identity provider.
 */
export async function signInThroughProvider(
  browser: TestBrowser,
  credentials: { email: string; password: string },
  { withoutPrompt = false }: { withoutPrompt?: boolean } = {},
): Promise<{ askedForPassword: boolean; signedIn: boolean }> {
  const { csrfToken } = (await browser.request('GET', '/api/auth/csrf')).json() as { csrfToken: string };
  const start = await browser.request('POST', '/api/auth/signin/keycloak', { csrfToken, callbackUrl: '/', json: 'true' });
  const authorization = new URL((start.json() as { url: string }).url);
  if (withoutPrompt) authorization.searchParams.delete('prompt');
  let response = await browser.request('GET', relativeLocation(authorization.href));
  let askedForPassword = false;
  for (let hops = 0; hops < 8 && response.headers.location && !browser.jar.has('burgwall.session-token'); hops++) {
    const next = relativeLocation(response.headers.location);
    response = await browser.request('GET', next);
    if (/^\/oidc\/interaction\/[^/]+$/.test(next) && response.statusCode === 200 && response.body.includes('name="password"')) {
      askedForPassword = true;
      response = await browser.request('POST', `${next}/login`, credentials);
    }
  }
  return { askedForPassword, signedIn: browser.jar.has('burgwall.session-token') };
}
