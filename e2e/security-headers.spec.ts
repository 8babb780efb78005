import { expect, type Page, test } from '@playwright/test';
import { signIn, signOutViaMenu } from './support/sign-in';

// The strict Content-Security-Policy (apps/server/src/http/security-headers.ts) must not break the app: every
// page of the three roles, the sign-in page with its demo box, the API reference and the live security log run
// without a single CSP violation.

const DEMO_PASSWORD = 'Burgwall-Demo-2026!';

/** Collects CSP violations the page reports (DOM event) and the browser logs. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportCspViolation(text: string): void }).reportCspViolation(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/.test(message.text())) violations.push(message.text());
  });
  return violations;
}

test('the app runs under its Content-Security-Policy for all roles', async ({ page }) => {
  const violations = await watchViolations(page);
  const response = await page.goto('/');
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  expect(response?.headers()['x-content-type-options']).toBe('nosniff');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // The sign-in page's demo box fills the form by an inline script (allowed by its hash).
  await page.goto('/api/auth/signin/keycloak?callbackUrl=%2F');
  await page.getByRole('button', { name: /kunde@burgwall\.demo/ }).click();
  await expect(page.getByLabel('Passwort')).toHaveValue(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await expect(page).toHaveURL(/\/client\/[0-9a-f-]{36}\/dashboard$/);
  const clientBase = new URL(page.url()).pathname.replace(/\/dashboard$/, '');
  for (const path of ['dashboard', 'ioe', 'explorer', 'change-history', 'security-log', 'settings']) {
    await page.goto(`${clientBase}/${path}`);
    await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible();
  }
  // The collector keys of the client settings (list, revoke/renew with confirmation).
  await page.goto(`${clientBase}/settings`);
  await page.getByRole('tab', { name: 'Collector' }).click();
  await expect(page.getByText(/Jeder Installer enthält einen eigenen Schlüssel/)).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/collector-keys.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/screens/collector-keys-phone.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await signOutViaMenu(page);

  await signIn(page, 'anbieter@burgwall.demo', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/provider\/[0-9a-f-]{36}\/monitoring$/);
  await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible();
  await signOutViaMenu(page);

  await signIn(page, 'admin@burgwall.demo', DEMO_PASSWORD);
  for (const path of ['/admin/serviceprovider', '/admin/attacks', '/admin/logs']) {
    await page.goto(path);
    await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible();
  }
  await page.goto('/api-docs');
  await expect(page.locator('.swagger-ui .info')).toBeVisible();
  expect(violations).toEqual([]);
});
