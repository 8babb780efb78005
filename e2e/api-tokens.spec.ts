/**
 * Issue 18 (public API) in the browser: a provider creates an API token in Einstellungen → API-Tokens (shown once),
 * uses it against the REST API, sees its last use, revokes it after a confirmation (refused at once); the findings and
 * change-history pages download CSV/XLSX exports through the same routes. Screenshots (desktop and 390 px phone) go
 * to test-results/api-tokens-screens.
 */
import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { signIn } from './support/sign-in';

const SCREENS = 'test-results/api-tokens-screens';
const DEMO_PASSWORD = 'Burgwall-Demo-2026!';

test.describe.configure({ mode: 'serial' });

/** Before a screenshot: Mantine's open/close transitions (menus, dialogs) have finished. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  await page.waitForTimeout(250);
}

async function providerIdOf(page: Page): Promise<string> {
  await signIn(page, 'anbieter@burgwall.demo', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/provider\/[0-9a-f-]{36}\//, { timeout: 20_000 });
  return /\/provider\/([0-9a-f-]{36})\//.exec(page.url())?.[1] as string;
}

test('a provider creates an API token, sees it once, uses it and revokes it', async ({ page, request }) => {
  test.setTimeout(120_000);
  const providerId = await providerIdOf(page);
  await page.goto(`/provider/${providerId}/settings?tab=api-tokens`);
  await expect(page.getByRole('heading', { name: 'API-Tokens' })).toBeVisible();
  await expect(page.getByText('Noch keine API-Tokens')).toBeVisible();

  await page.getByRole('button', { name: 'Token erstellen' }).click();
  const dialog = page.getByRole('dialog', { name: 'API-Token erstellen' });
  await dialog.getByRole('button', { name: 'Erstellen' }).click();
  await expect(dialog.getByText('Bitte einen Namen angeben')).toBeVisible();
  await expect(dialog.getByText('Bitte mindestens eine Berechtigung wählen')).toBeVisible();
  await dialog.getByLabel('Name').fill('RMM-Anbindung');
  await dialog.getByLabel('Befunde lesen').check();
  await dialog.getByLabel('Kunden verwalten').check();
  await dialog.getByLabel('Gültig für').click();
  await page.getByRole('option', { name: '1 Jahr' }).click();
  await settled(page);
  await page.screenshot({ path: `${SCREENS}/api-token-create-desktop.png`, fullPage: true });
  await dialog.getByRole('button', { name: 'Erstellen' }).click();

  const shown = page.getByRole('dialog', { name: 'Neues API-Token' });
  await expect(shown.getByText('nur dieses eine Mal angezeigt')).toBeVisible();
  await expect(dialog).toBeHidden();
  await settled(page);
  const token = ((await shown.getByTestId('new-api-token').textContent()) ?? '').trim();
  expect(token).toMatch(/^bwt_[A-Za-z0-9_-]{43}$/);
  await expect(shown.getByRole('button', { name: 'Kopieren' })).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/api-token-shown-desktop.png`, fullPage: true });
  await shown.getByRole('button', { name: 'Fertig' }).click();

  // Listed with its prefix only, never used yet.
  const row = page.getByRole('row').filter({ hasText: 'RMM-Anbindung' });
  await expect(row).toContainText(token.slice(0, 12));
  await expect(row).toContainText('Nie');
  await expect(row).toContainText('Befunde lesen');
  await expect(page.getByText(token)).toHaveCount(0);

  // The token works on the REST API as the provider, with its scopes only.
  const auth = { authorization: `Bearer ${token}` };
  const clients = await request.get(`/serviceprovider/${providerId}/clients`, { headers: auth });
  expect(clients.status()).toBe(200);
  const clientId = ((await clients.json()) as Array<{ id: string; title: string }>).find((card) => card.title === 'Müller Maschinenbau AG')?.id as string;
  expect(clientId).toMatch(/^[0-9a-f-]{36}$/);
  const findings = await request.get(`/client/${clientId}/export/findings?format=json`, { headers: auth });
  expect(findings.status()).toBe(200);
  expect(((await findings.json()) as unknown[]).length).toBeGreaterThan(30);
  expect((await request.get(`/client/${clientId}/export/changes?format=json`, { headers: auth })).status()).toBe(403);

  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: 'RMM-Anbindung' })).not.toContainText('Nie');
  await page.screenshot({ path: `${SCREENS}/api-tokens-list-desktop.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByText('RMM-Anbindung')).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/api-tokens-list-phone.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // Revoke after a confirmation: refused at once.
  await page.getByRole('button', { name: 'Token „RMM-Anbindung“ widerrufen' }).click();
  const confirm = page.getByRole('dialog', { name: 'API-Token widerrufen?' });
  await expect(confirm).toContainText('gilt sofort nicht mehr');
  await settled(page);
  await page.screenshot({ path: `${SCREENS}/api-token-revoke-desktop.png`, fullPage: true });
  await confirm.getByRole('button', { name: 'Widerrufen' }).click();
  await expect(page.getByText('Token widerrufen', { exact: true })).toBeVisible();
  await expect(page.getByText('Noch keine API-Tokens')).toBeVisible();
  const refused = await request.get(`/client/${clientId}/export/findings?format=json`, { headers: auth });
  expect(refused.status()).toBe(401);
  expect(((await refused.json()) as { detail: string }).detail).toContain('widerrufen');

  // The personal tokens in the user settings, on a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'API-Tokens' })).toBeVisible();
  await page.getByRole('heading', { name: 'API-Tokens' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENS}/user-settings-api-tokens-phone.png`, fullPage: true });
});

test('the findings and change-history pages export CSV and XLSX', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'kunde@burgwall.demo', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/client\/[0-9a-f-]{36}\/dashboard$/, { timeout: 20_000 });
  const clientId = /\/client\/([0-9a-f-]{36})\//.exec(page.url())?.[1] as string;

  await page.goto(`/client/${clientId}/ioe`);
  await page.getByRole('button', { name: 'Exportieren' }).click();
  await expect(page.getByRole('menuitem', { name: 'Betroffene Objekte als Excel (XLSX)' })).toBeVisible();
  await settled(page);
  await page.screenshot({ path: `${SCREENS}/findings-export-menu-desktop.png` });
  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Befunde als CSV' }).click()]);
  expect(csv.suggestedFilename()).toMatch(/^befunde-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = readFileSync(await csv.path(), 'utf8');
  expect(text.startsWith('\uFEFFPrüfung;Kennung;Kategorie;')).toBe(true);
  expect(text.split('\r\n').length).toBeGreaterThan(30);
  await expect(page.getByText('Export heruntergeladen')).toBeVisible();

  // A finding's page exports the objects of that check only.
  await page.getByRole('link', { name: 'Schema-Admins ist nicht leer' }).click();
  await expect(page).toHaveURL(/\/ioe\/findings\//);
  await page.getByRole('button', { name: 'Exportieren' }).click();
  await expect(page.getByRole('menuitem', { name: 'Als CSV' })).toBeVisible();
  await settled(page);
  await page.screenshot({ path: `${SCREENS}/finding-export-menu-desktop.png` });
  const [objects] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Als Excel (XLSX)' }).click()]);
  expect(objects.suggestedFilename()).toMatch(/^betroffene-objekte-.+\.xlsx$/);

  await page.goto(`/client/${clientId}/change-history`);
  await page.getByRole('button', { name: 'Exportieren' }).click();
  const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Änderungen als Excel (XLSX)' }).click()]);
  expect(xlsx.suggestedFilename()).toMatch(/^aenderungen-\d{4}-\d{2}-\d{2}\.xlsx$/);
  expect(readFileSync(await xlsx.path()).subarray(0, 2).toString('latin1')).toBe('PK');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/client/${clientId}/ioe`);
  await page.getByRole('button', { name: 'Exportieren' }).click();
  await expect(page.getByRole('menuitem', { name: 'Befunde als CSV' })).toBeVisible();
  await settled(page);
  await page.screenshot({ path: `${SCREENS}/findings-export-menu-phone.png` });
  await page.keyboard.press('Escape');
  await page.getByRole('link', { name: 'Schema-Admins ist nicht leer' }).click();
  await expect(page.getByRole('heading', { name: 'Schema-Admins ist nicht leer' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Exportieren' })).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/finding-export-phone.png` });
  await page.goto(`/client/${clientId}/change-history`);
  await expect(page.getByRole('button', { name: 'Exportieren' })).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/change-history-export-phone.png` });
});
