import { type Page, expect, test } from '@playwright/test';
import { signIn } from './support/sign-in';

const DEMO_PASSWORD = 'Burgwall-Demo-2026!';
const SCREENS = 'test-results/screens';

async function openAttackPaths(page: Page, clientName: string) {
  await signIn(page, 'anbieter@burgwall.demo', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/provider\/[0-9a-f-]{36}\/monitoring$/, { timeout: 20_000 });
  await page.getByText(clientName).first().click();
  await expect(page).toHaveURL(/\/client\/[0-9a-f-]{36}\//);
  const clientId = new URL(page.url()).pathname.split('/')[2] as string;
  await page.getByRole('link', { name: 'Angriffspfade', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/client/${clientId}/attack-paths$`));
  await expect(page.getByRole('heading', { name: 'Angriffspfade' })).toBeVisible();
}

test('Angriffspfade: the provider sees the helpdesk chain of Stadtwerke Nordheim drawn, with the best cut', async ({ page }) => {
  await openAttackPaths(page, 'Stadtwerke Nordheim');
  await expect(page.getByTestId('attack-path-summary')).toContainText('7');
  await expect(page.getByTestId('attack-path-cuts')).toContainText('IT-Administration hat Vollzugriff auf Domain Admins');
  await expect(page.getByTestId('attack-path-cuts')).toContainText('trennt 6');

  // Selecting a helpdesk member draws its four-step chain.
  await page.getByRole('button', { name: 'mitarbeiter012' }).click();
  await expect(page).toHaveURL(/objekt=/);
  const graph = page.getByTestId('path-graph');
  await expect(graph.locator('.react-flow__node')).toHaveCount(5);
  await expect(graph.locator('.react-flow__edge')).toHaveCount(4);
  await expect(graph).toContainText('darf das Kennwort zurücksetzen von');
  await expect(page.getByTestId('path-steps').locator('li')).toHaveText([
    'mitarbeiter012 ist Mitglied von Helpdesk',
    'Helpdesk darf das Kennwort zurücksetzen von it-support',
    'it-support ist Mitglied von IT-Administration',
    'IT-Administration hat Vollzugriff auf Domain Admins',
  ]);
  await page.screenshot({ path: `${SCREENS}/attack-paths.png`, fullPage: true });

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(graph.locator('.react-flow__node')).toHaveCount(5);
  // The drawing is laid out anew for the new width: wait until the page has settled without sideways scrolling.
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
  await page.screenshot({ path: `${SCREENS}/attack-paths-phone.png`, fullPage: true });
});

test('Angriffspfade: a client-defined Tier-0 object changes the paths, and its removal is confirmed first', async ({ page }) => {
  await openAttackPaths(page, 'Stadtwerke Nordheim');
  const section = page.getByTestId('tier0-extras');
  await expect(section).toContainText('Noch keine eigenen Tier-0-Objekte');

  // An unknown object is refused with the server's German reason, under the field.
  await section.getByLabel('Objekt').fill('gibt-es-nicht');
  await section.getByRole('button', { name: 'Als Tier 0 markieren' }).click();
  await expect(section).toContainText('Im neuesten Snapshot gibt es kein Konto, keinen Computer, keine Gruppe, OU oder GPO „gibt-es-nicht“.');

  // Marking the helpdesk group makes its members Tier 0: seven principals become three.
  await section.getByLabel('Objekt').fill('Helpdesk');
  await section.getByRole('button', { name: 'Als Tier 0 markieren' }).click();
  await expect(section.getByTestId('tier0-extras-table')).toContainText('CN=Helpdesk,CN=Users,DC=swn,DC=intern');
  await expect(page.getByTestId('attack-path-summary').locator('p').nth(1)).toHaveText('3');
  await expect(page.getByTestId('attack-path-principals').locator('tbody tr')).toHaveCount(3);
  await page.screenshot({ path: `${SCREENS}/attack-paths-tier0.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
  await page.screenshot({ path: `${SCREENS}/attack-paths-tier0-phone.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  // Removing asks first; cancelling keeps the mark, confirming restores the seven paths.
  await section.getByRole('button', { name: 'Markierung von Helpdesk entfernen' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Abbrechen' }).click();
  await expect(section.getByTestId('tier0-extras-table')).toBeVisible();
  await section.getByRole('button', { name: 'Markierung von Helpdesk entfernen' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Markierung entfernen' }).click();
  await expect(section).toContainText('Noch keine eigenen Tier-0-Objekte');
  await expect(page.getByTestId('attack-path-summary').locator('p').nth(1)).toHaveText('7');
});
