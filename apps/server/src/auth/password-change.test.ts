import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { signInThroughProvider, type TestBrowser, testBrowser } from '../../../../test-support/test-browser';
import { insertProviderWithClient } from '../../../../test-support/tenants';
import { issueSetPasswordToken } from '../team/action-tokens';
import { SESSION_ENDED } from './access-token';
import { upsertUser } from './users';

// Regression test of the penetration test's finding "a password change leaves other sessions and set-password links
// valid": after a new password, every session of the user ends — the web sessions with their access tokens and the
// identity provider's own session, which could otherwise sign in again without a password — and every open link.

let t: TestApp;
let clientId: string;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'http://localhost:3000' });
  ({ clientId } = await insertProviderWithClient(t.services.db, { name: 'Passwort GmbH' }));
});
afterAll(() => t.close());

const OLD = { email: 'wechsel@kunde.test', password: 'Altes-Passwort-2026' };
const NEW_PASSWORD = 'Neues-Passwort-2026';

/** The access token GET /api/auth/session hands this browser, as bearer headers. */
async function bearerOf(browser: TestBrowser): Promise<Record<string, string>> {
  const session = (await browser.request('GET', '/api/auth/session')).json() as { accessToken: string };
  return { authorization: `Bearer ${session.accessToken}`, 'x-hasura-role': 'client' };
}

const readFindings = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: `/client/${clientId}/ioe/states`, headers });

describe('a password change', () => {
  it('ends every session of the user (web and identity provider) and every other open link', async () => {
    const userId = await upsertUser(t.services.db, { ...OLD, roles: ['client'], clientId });
    // An invitation link from earlier that was never used.
    const earlierLink = await issueSetPasswordToken(t.services.db, userId);

    // The user's own browser and a second one (another machine, or whoever had the password).
    const own = testBrowser(t.app);
    const other = testBrowser(t.app);
    expect(await signInThroughProvider(own, OLD)).toEqual({ askedForPassword: true, signedIn: true });
    expect(await signInThroughProvider(other, OLD)).toEqual({ askedForPassword: true, signedIn: true });
    const ownBearer = await bearerOf(own);
    const otherBearer = await bearerOf(other);
    expect((await readFindings(otherBearer)).statusCode).toBe(200);

    // Without its web session, the other browser's identity-provider session signs it in again without a password
    // (prompt=login removed from the URL): the way back in that a password change has to close.
    other.jar.delete('burgwall.session-token');
    expect(await signInThroughProvider(other, { email: OLD.email, password: 'nicht-gebraucht' }, { withoutPrompt: true })).toEqual({ askedForPassword: false, signedIn: true });

    // The user asks for a password-change link in the app and sets a new password with it.
    const { link } = (await t.app.inject({ method: 'GET', url: '/user/password/change', headers: ownBearer })).json() as { link: string };
    const token = new URL(link).searchParams.get('token') ?? '';
    const set = await t.app.inject({ method: 'POST', url: '/account/password', payload: { token, password: NEW_PASSWORD, confirm: NEW_PASSWORD } });
    expect(set.statusCode).toBe(303);

    // Both browsers' tokens are refused at once and their sessions are gone.
    for (const bearer of [otherBearer, ownBearer]) {
      const refused = await readFindings(bearer);
      expect(refused.statusCode).toBe(401);
      expect(refused.json().detail).toBe(SESSION_ENDED);
    }
    expect((await other.request('GET', '/api/auth/session')).json()).toEqual({});
    // The earlier link no longer sets a password.
    const earlier = await t.app.inject({ method: 'GET', url: `/account/password?token=${earlierLink}` });
    expect(earlier.statusCode).toBe(400);
    expect(earlier.body).toContain('Link ungültig');

    // The identity provider asks for the password again, and only the new one works.
    other.jar.delete('burgwall.session-token');
    expect(await signInThroughProvider(other, OLD, { withoutPrompt: true })).toEqual({ askedForPassword: true, signedIn: false });
    const fresh = testBrowser(t.app);
    expect(await signInThroughProvider(fresh, { email: OLD.email, password: NEW_PASSWORD })).toEqual({ askedForPassword: true, signedIn: true });
    expect((await readFindings(await bearerOf(fresh))).statusCode).toBe(200);
  });
});
