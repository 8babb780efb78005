import { expect, type Page, test } from '@playwright/test';
import { E2E_PASSWORD } from './support/e2e-users';
import { type EnvServer, startEnvServer } from './support/env-server';
import { signIn } from './support/sign-in';

const DEMO_PASSWORD = 'Burgwall-Demo-2026!';
const basePort = Number(process.env.E2E_PORT ?? 3199);

/**
 * The session expires while the page is open: the browser loses its session cookie (the server will not issue a
 * token any more) and the clock moves past the access token's lifetime (5 minutes). The next API call must then
 * refresh once, retry, and handle the auth error (SPEC §4).
 */
async function expireSession(page: Page): Promise<void> {
  const cookies = await page.context().cookies();
  const session = cookies.find((cookie) => cookie.name.endsWith('burgwall.session-token'));
  expect(session, 'session cookie after sign-in').toBeDefined();
  await page.context().clearCookies({ name: session?.name });
  await page.clock.setFixedTime(Date.now() + 10 * 60_000);
}

test.describe('expired session (SPEC §4 auth errors)', () => {
  test('outside dev: the identity session ends and the user is signed out', async ({ page }) => {
    await signIn(page, 'kunde@burgwall.demo', DEMO_PASSWORD, '/client');
    await expect(page).toHaveURL(/\/client\/[0-9a-f-]{36}\/dashboard$/);
    const endSession = page.waitForRequest((request) => request.url().endsWith('/user/keycloak/end-session') && request.method() === 'POST');
    const signOut = page.waitForRequest((request) => request.url().endsWith('/api/auth/signout') && request.method() === 'POST');
    await expireSession(page);

    // A client-side navigation whose API calls meet the auth error. The page's GraphQL WebSocket may meet the expired
    // session first (it signs out the same way); then the link is gone and the click is not needed.
    await page.getByRole('link', { name: 'Änderungsverlauf' }).click({ timeout: 5000 }).catch(() => undefined);
    await endSession;
    await signOut;
    await expect(page).toHaveURL((url) => url.pathname === '/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Sicherheitsbewertung');
    expect(await (await page.request.get('/api/auth/session')).json()).toEqual({});
  });

  test.describe('in dev', () => {
    let dev: EnvServer;
    test.beforeAll(async () => {
      test.setTimeout(120_000);
      dev = await startEnvServer('dev', basePort + 1);
    });
    test.afterAll(async () => {
      // Stopping drops the server's database; on a loaded machine that can take a while.
      test.setTimeout(180_000);
      await dev.stop();
    });

    test('only the warning toast appears; nothing signs out', async ({ page }) => {
      await page.goto(`${dev.baseUrl}/`);
      await signIn(page, 'next-kunde@e2e.test', E2E_PASSWORD, '/client');
      await expect(page).toHaveURL(/\/client\/[0-9a-f-]{36}\/dashboard$/);
      let signOuts = 0;
      page.on('request', (request) => {
        if (request.url().endsWith('/api/auth/signout') || request.url().endsWith('/user/keycloak/end-session')) signOuts++;
      });
      await expireSession(page);

      await page.getByRole('link', { name: 'Änderungsverlauf' }).click({ timeout: 5000 }).catch(() => undefined);
      await expect(page.getByText('User would be signed out in non dev env')).toBeVisible();
      await page.screenshot({ path: 'test-results/screens/auth-error-dev-toast.png' });
      expect(signOuts).toBe(0);
    });
  });
});
