import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';

// Regression tests of the penetration test's low findings: security headers on every answer, no client-chosen
// host in the identity provider's discovery document.

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp({ PUBLIC_URL: 'https://app.burgwall.test', SEED_DEMO: 'true' });
});
afterAll(() => test.close());

function expectSecurityHeaders(headers: Record<string, unknown>) {
  const csp = String(headers['content-security-policy']);
  expect(csp).toContain("default-src 'self'");
  expect(csp).toMatch(/script-src 'self'[^;]*;/);
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['strict-transport-security']).toMatch(/max-age=31536000/);
  expect(headers['x-frame-options']).toBe('DENY');
}

describe('security headers', () => {
  it('are on API answers, problem details included', async () => {
    expectSecurityHeaders((await test.app.inject({ method: 'GET', url: '/services/health' })).headers);
    const problem = await test.app.inject({ method: 'GET', url: '/client/00000000-0000-4000-8000-000000000000/ioe/states' });
    expect(problem.statusCode).toBe(401);
    expectSecurityHeaders(problem.headers);
  });

  it('are on HTML pages, and the sign-in page allows its own inline script by hash only', async () => {
    const errorPage = await test.app.inject({ method: 'GET', url: '/api/auth/error?error=AccessDenied', headers: { accept: 'text/html' } });
    expectSecurityHeaders(errorPage.headers);
    // Through the real sign-in start: the interaction page needs the provider's cookies of the redirect.
    const cookies = new Map<string, string>();
    const get = async (url: string) => {
      const response = await test.app.inject({ method: 'GET', url: url.replace('https://app.burgwall.test', ''), cookies: Object.fromEntries(cookies) });
      for (const cookie of response.cookies) cookies.set(cookie.name, cookie.value);
      return response;
    };
    const start = await get('/api/auth/signin/keycloak?json=true');
    const toInteraction = await get(start.json().url);
    const page = await get(String(toInteraction.headers.location));
    expect(page.body).toContain('Demo-Zugänge');
    expectSecurityHeaders(page.headers);
    expect(String(page.headers['content-security-policy'])).toMatch(/script-src 'self' \S+ 'sha256-[A-Za-z0-9+/=]+'/);
  });

  it('let the content editor frame a page only in editor mode', async () => {
    const editor = await test.app.inject({ method: 'GET', url: '/services/health?_storyblok_tk[token]=x' });
    expect(String(editor.headers['content-security-policy'])).toContain("frame-ancestors 'self' https://app.storyblok.com");
    expect(editor.headers['x-frame-options']).toBeUndefined();
  });
});

describe('identity provider behind no configured proxy', () => {
  it('keeps its discovery document on PUBLIC_URL whatever X-Forwarded-Host and Host say', async () => {
    const forged = await test.app.inject({
      method: 'GET',
      url: '/oidc/.well-known/openid-configuration',
      headers: { host: 'evil.test', 'x-forwarded-host': 'evil.test', 'x-forwarded-proto': 'http' },
    });
    expect(forged.statusCode).toBe(200);
    const document = JSON.stringify(forged.json());
    expect(document).not.toContain('evil.test');
    expect(forged.json().authorization_endpoint).toBe('https://app.burgwall.test/oidc/auth');
  });
});
