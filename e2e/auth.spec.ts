import { expect, type Page, test } from '@playwright/test';
import { E2E_PASSWORD } from './support/e2e-users';
import { type EnvServer, startEnvServer } from './support/env-server';
import { signIn, signOutViaMenu } from './support/sign-in';

const DEMO_PASSWORD = 'Burgwall-Demo-2026!';
const UUID = '[0-9a-f-]{36}';
const basePort = Number(process.env.E2E_PORT ?? 3199);

async function expectPath(page: Page, pattern: RegExp) {
  await expect(page).toHaveURL((url) => pattern.test(url.pathname));
}

test.describe('sign-in, guards and entry redirects', () => {
  test('visitors see the landing page and public pages; everything else asks for sign-in', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Sicherheitsbewertung');
    await page.goto('/register');
    await expect(page.getByRole('heading', { name: 'Registrierung' })).toBeVisible();
    await page.goto('/meta/quickcheck/installer');
    await expect(page.getByRole('heading', { name: 'Quickcheck-Installer' })).toBeVisible();

    await page.goto('/admin/logs?seite=2');
    await expectPath(page, /^\/oidc\/interaction\//);
    await expect(page.getByRole('heading', { name: 'Anmelden' })).toBeVisible();
    await expect(page.getByText('Demo-Zugänge')).toBeVisible();
    await page.screenshot({ path: 'test-results/screens/sign-in.png', fullPage: true });

    await page.getByLabel('E-Mail-Adresse').fill('admin@burgwall.demo');
    await page.getByLabel('Passwort').fill('falsch');
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText(/E-Mail-Adresse oder Passwort ist falsch\./);
    await page.screenshot({ path: 'test-results/screens/sign-in-error.png', fullPage: true });

    // A click on a demo account fills the form; the requested path is the redirect after sign-in.
    await page.getByRole('button', { name: /admin@burgwall\.demo/ }).click();
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/logs\?seite=2$/);
    await expect(page.getByRole('heading', { name: 'Protokolle' })).toBeVisible();
  });

  test('admin: entry redirects to /admin/serviceprovider, public pages go to /, sign-out', async ({ page }) => {
    await signIn(page, 'admin@burgwall.demo', DEMO_PASSWORD);
    await expectPath(page, /^\/admin\/serviceprovider$/);
    await expect(page.getByTestId('user-menu')).toContainText('admin@burgwall.demo');
    await page.screenshot({ path: 'test-results/screens/admin-signed-in.png' });
    for (const path of ['/', '/index', '/index/', '/provider', '/provider/', '/client', '/client/index']) {
      await page.goto(path);
      await expectPath(page, /^\/admin\/serviceprovider$/);
    }
    await page.goto('/register');
    await expectPath(page, /^\/admin\/serviceprovider$/);
    await page.goto('/meta/quickcheck/installer');
    await expectPath(page, /^\/admin\/serviceprovider$/);

    const session = await (await page.request.get('/api/auth/session')).json();
    expect(session.user).toMatchObject({ email: 'admin@burgwall.demo', roles: ['admin', 'demo_user'] });
    expect(session.accessToken).toMatch(/^ey/);

    await signOutViaMenu(page);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Sicherheitsbewertung');
    expect(await (await page.request.get('/api/auth/session')).json()).toEqual({});
    await page.goto('/admin/logs');
    await expectPath(page, /^\/oidc\/interaction\//);
  });

  test('serviceprovider: own entry paths go to monitoring, /admin goes to /', async ({ page }) => {
    await signIn(page, 'anbieter@burgwall.demo', DEMO_PASSWORD);
    await expectPath(page, new RegExp(`^/provider/${UUID}/monitoring$`));
    const org = new URL(page.url()).pathname.split('/')[2] as string;
    for (const path of [`/provider/${org}/`, `/provider/${org}/index`, '/client/', '/index']) {
      await page.goto(path);
      await expectPath(page, new RegExp(`^/provider/${org}/monitoring$`));
    }
    await page.goto('/admin/attacks');
    await expectPath(page, new RegExp(`^/provider/${org}/monitoring$`));
    await page.goto(`/provider/${org}/audit`);
    await expect(page.getByRole('heading', { name: 'Audit' })).toBeVisible();
    await signOutViaMenu(page);
  });

  test('client: entry paths go to the dashboard, /provider and /admin go to /', async ({ page }) => {
    await signIn(page, 'kunde@burgwall.demo', DEMO_PASSWORD, '/client');
    await expectPath(page, new RegExp(`^/client/${UUID}/dashboard$`));
    const org = new URL(page.url()).pathname.split('/')[2] as string;
    await page.goto(`/client/${org}/`);
    await expectPath(page, new RegExp(`^/client/${org}/dashboard$`));
    for (const path of [`/provider/${org}/monitoring`, '/admin/serviceprovider']) {
      await page.goto(path);
      await expectPath(page, new RegExp(`^/client/${org}/dashboard$`));
    }
    await page.goto(`/client/${org}/ioe/findings/gpo-reg-autologin/extra/part`);
    await expect(page.getByRole('heading', { name: 'Schwachstelle' })).toBeVisible();
    await page.screenshot({ path: 'test-results/screens/client-signed-in.png' });
    await signOutViaMenu(page);
  });

  test('an entry redirect without organisation shows the re-login toast', async ({ page }) => {
    await signIn(page, 'ohne-org@e2e.test', E2E_PASSWORD, '/client');
    await expect(page.getByText('Fehler: Bitte melde dich erneut an')).toBeVisible();
    await expectPath(page, /^\/$/);
  });
});

test.describe('environment check (extra servers with other APP_ENV values)', () => {
  test.describe.configure({ timeout: 120_000 });
  const servers: Record<string, EnvServer> = {};
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    const [next, demo, prod] = await Promise.all([
      startEnvServer('next', basePort + 1),
      startEnvServer('demo', basePort + 2),
      startEnvServer('prod', basePort + 3),
    ]);
    Object.assign(servers, { next, demo, prod });
  });
  test.afterAll(async () => {
    await Promise.all(Object.values(servers).map((server) => server.stop()));
  });

  async function expectEnv(page: Page, env: string, email: string, password: string, allowed: boolean) {
    await page.goto(`${servers[env]?.baseUrl}/`);
    await signIn(page, email, password, '/');
    if (allowed) {
      await expect(page).not.toHaveURL(/env-mismatch/);
      await expect(page.getByTestId('user-menu')).toBeVisible();
    } else {
      await expectPath(page, /^\/env-mismatch$/);
      await expect(page.getByRole('heading', { name: 'Falsche Umgebung' })).toBeVisible();
    }
    await page.context().clearCookies();
  }

  test('next needs next_user', async ({ page }) => {
    await expectEnv(page, 'next', 'admin@burgwall.demo', DEMO_PASSWORD, false);
    await page.screenshot({ path: 'test-results/screens/env-mismatch.png' });
    await expectEnv(page, 'next', 'next-anbieter@e2e.test', E2E_PASSWORD, true);
  });

  test('demo needs demo_user', async ({ page }) => {
    await expectEnv(page, 'demo', 'next-kunde@e2e.test', E2E_PASSWORD, false);
    await expectEnv(page, 'demo', 'kunde@burgwall.demo', DEMO_PASSWORD, true);
  });

  test('prod forbids next_user, / stays reachable', async ({ page }) => {
    await expectEnv(page, 'prod', 'next-kunde@e2e.test', E2E_PASSWORD, false);
    await expectEnv(page, 'prod', 'plain-admin@e2e.test', E2E_PASSWORD, true);
  });
});
