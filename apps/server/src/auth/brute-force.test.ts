import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpCatcher, type SmtpCatcher } from '../../../../test-support/smtp-catcher';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { FAILURES_BEFORE_LOCKOUT } from './sign-in-lockout';
import { upsertUser } from './users';

// Regression tests of the penetration test's brute-force findings: no 429, account enumeration by timing and by the
// sign-up answer.

let test: TestApp;
let smtp: SmtpCatcher;
const PASSWORD = 'Richtig-2026!';

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  test = await createTestApp({ PUBLIC_URL: 'http://localhost:3000', AUTH_ATTEMPTS_PER_MINUTE: '1000', SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
  for (const email of ['bekannt@kunde.test', 'gesperrt@kunde.test']) {
    await upsertUser(test.services.db, { email, firstName: 'Eva', lastName: 'Muster', roles: ['admin'], password: PASSWORD });
  }
});
afterAll(async () => {
  await test.close();
  await smtp.stop();
});

/** A sign-in interaction of the embedded provider (cookies of its redirects kept), ready for the login POST. */
async function interaction(app: TestApp['app'], remoteAddress = '127.0.0.1') {
  const cookies = new Map<string, string>();
  const get = async (url: string) => {
    const response = await app.inject({ method: 'GET', url: url.replace('http://localhost:3000', ''), cookies: Object.fromEntries(cookies), remoteAddress });
    for (const cookie of response.cookies) cookies.set(cookie.name, cookie.value);
    return response;
  };
  const start = await get('/api/auth/signin/keycloak?json=true');
  const page = await get(String((await get(start.json().url)).headers.location));
  const action = /action="([^"]+)"/.exec(page.body)?.[1] ?? '';
  return async (email: string, password: string) => {
    const startedAt = performance.now();
    const response = await app.inject({
      method: 'POST',
      url: action,
      cookies: Object.fromEntries(cookies),
      remoteAddress,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ email, password }).toString(),
    });
    return { status: response.statusCode, body: response.body, retryAfter: response.headers['retry-after'], ms: performance.now() - startedAt };
  };
}

describe('sign-in', () => {
  // A password hash for known accounts only would show as a multiple of the time; 30 % leaves room for a loaded machine.
  it('answers known and unknown accounts in the same time (within 30 %)', async () => {
    const login = await interaction(test.app);
    await login('warmup@kunde.test', 'x');
    // Interleaved, so that load on the machine hits both series alike; medians of eleven.
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 11; i++) {
      known.push((await login('bekannt@kunde.test', `falsch-${i % 3}`)).ms);
      unknown.push((await login(`unbekannt-${i}@kunde.test`, `falsch-${i % 3}`)).ms);
      // Below the lockout: the known account must keep answering 401, not 429.
      if (i % 3 === 2) await test.database.db.deleteFrom('sign_in_failure').execute();
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[5] ?? 0;
    expect(Math.abs(median(known) - median(unknown)) / Math.max(median(known), median(unknown))).toBeLessThan(0.3);
  });

  it('locks an account after repeated failures with a German message and Retry-After', async () => {
    const login = await interaction(test.app);
    for (let i = 0; i < FAILURES_BEFORE_LOCKOUT; i++) expect((await login('gesperrt@kunde.test', 'falsch')).status).toBe(401);
    const locked = await login('gesperrt@kunde.test', PASSWORD);
    expect(locked.status).toBe(429);
    expect(locked.body).toContain('Zu viele fehlgeschlagene Anmeldungen. Bitte versuchen Sie es in einer Minute erneut.');
    expect(Number(locked.retryAfter)).toBeGreaterThan(0);
  });

  it('limits attempts per client address with 429 and Retry-After', async () => {
    const limited = await createTestApp({ PUBLIC_URL: 'http://localhost:3000', AUTH_ATTEMPTS_PER_MINUTE: '5' });
    try {
      const login = await interaction(limited.app, '198.51.100.7');
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) statuses.push((await login(`a${i}@kunde.test`, 'falsch')).status);
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
      const refused = await login('b@kunde.test', 'falsch');
      expect(refused.body).toContain('Zu viele Anmeldeversuche von Ihrer Adresse.');
      expect(Number(refused.retryAfter)).toBeGreaterThan(0);
      // Another address is not affected.
      const other = await interaction(limited.app, '198.51.100.8');
      expect((await other('c@kunde.test', 'falsch')).status).toBe(401);
    } finally {
      await limited.close();
    }
  });
});

describe('sign-up', () => {
  const signUp = (email: string, remoteAddress = '127.0.0.1') =>
    test.app.inject({
      method: 'POST',
      url: '/serviceprovider',
      remoteAddress,
      payload: { companyName: 'Neu GmbH', initialAccountFirstname: 'Nina', initialAccountLastname: 'Neu', initialAccountEmail: email },
    });

  it('answers an existing e-mail like a new one and tells the owner by mail', async () => {
    const fresh = await signUp('neu@kunde.test');
    const existing = await signUp('bekannt@kunde.test');
    expect(existing.statusCode).toBe(fresh.statusCode);
    expect(Object.keys(existing.json())).toEqual(Object.keys(fresh.json()));
    const notice = await smtp.waitFor((mail) => mail.to.includes('bekannt@kunde.test'));
    expect(notice.subject).toBe('Registrierung bei Burgwall mit Ihrer E-Mail-Adresse');
    expect(notice.text).toContain('Sie haben bereits ein Konto');
  });

  it('limits sign-up mails per address and sign-ups per client address (429, Retry-After)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await signUp('viel@kunde.test', '198.51.100.20')).statusCode);
    expect(statuses).toEqual([201, 201, 201, 429]);
    const perIp: number[] = [];
    for (let i = 0; i < 11; i++) perIp.push((await signUp(`ip${i}@kunde.test`, '198.51.100.21')).statusCode);
    expect(perIp.slice(0, 10).every((status) => status === 201)).toBe(true);
    const refused = await signUp('ip-last@kunde.test', '198.51.100.21');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(refused.json().detail).toMatch(/^Zu viele Anfragen\. Bitte versuchen Sie es in \d+ Minuten erneut\.$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});
