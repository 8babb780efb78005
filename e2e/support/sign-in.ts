import { expect, type Page } from '@playwright/test';

/**
 * Signs in through the real sign-in page. Call it on any page: it opens the
 * sign-in (with `callbackUrl`, default '/') and waits until the app is back.
 */
export async function signIn(page: Page, email: string, password: string, callbackUrl = '/'): Promise<void> {
  // Stay on the server the page is on (tests may run further servers); else the configured baseURL.
  const origin = page.url().startsWith('http') ? new URL(page.url()).origin : '';
  await page.goto(`${origin}/api/auth/signin/keycloak?callbackUrl=${encodeURIComponent(callbackUrl)}`);
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByLabel('Passwort').fill(password);
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await expect(page).not.toHaveURL(/\/oidc\//);
}

/** Signs out through the user menu of the signed-in layouts. */
export async function signOutViaMenu(page: Page): Promise<void> {
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Abmelden' }).click();
  await expect(page).toHaveURL(/\/$/);
}
