/**
 * Issue 17: the provider's client list pages its cards (issue 15: the server searches, sorts and pages). The admin creates a provider of its own with 30 clients
 * through the real API (the demo provider's count stays as the other specs expect it) and pages through them.
 */
import { expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD } from '../apps/server/src/demo/demo-users';
import { expectNoSidewaysScroll } from './support/layout-checks';
import { signIn } from './support/sign-in';

const SCREENS = 'test-results/client-paging-screens';
const CLIENTS = 60;
const name = (n: number) => `Seitenkunde ${String(n).padStart(2, '0')} GmbH`;

async function adminHeaders(page: Page) {
  const session = (await (await page.request.get('/api/auth/session')).json()) as { accessToken: string };
  return { authorization: `Bearer ${session.accessToken}`, 'x-hasura-role': 'admin' };
}

test('a provider with many clients pages its cards, keeps the page in the URL and fits a phone', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin@burgwall.demo', DEMO_PASSWORD, '/admin/serviceprovider');
  const headers = await adminHeaders(page);
  const stamp = Date.now();
  const provider = await page.request.post('/serviceprovider', {
    headers,
    data: { companyName: `Seiten IT ${stamp}`, initialAccountFirstname: 'Sina', initialAccountLastname: 'Seite', initialAccountEmail: `seiten-${stamp}@e2e.test` },
  });
  expect(provider.status()).toBe(201);
  const providerId = ((await provider.json()) as { message: string }).message;
  const ids: string[] = [];
  for (let n = 1; n <= CLIENTS; n++) {
    const created = await page.request.post('/admin/client/new', {
      headers,
      data: { name: name(n), location: 'Lübeck', employeeCount: 20, mode: 'monitoring', serviceproviderUUID: providerId },
    });
    expect(created.status(), await created.text()).toBe(201);
    ids.push(((await created.json()) as { message: string }).message);
  }

  await page.goto(`/provider/${providerId}/monitoring`);
  const cards = page.getByTestId('client-card');
  const range = page.getByTestId('client-page-range');
  await expect(range).toHaveText(`1–24 von ${CLIENTS} Kunden`);
  await expect(cards).toHaveCount(24);
  await expect(cards.first()).toHaveAccessibleName(name(1));

  // Page 2 shows the rest, in the URL.
  await page.getByRole('button', { name: 'Nächste Seite' }).click();
  await expect(page).toHaveURL(/[?&]seite=2$/);
  await expect(range).toHaveText(`25–48 von ${CLIENTS} Kunden`);
  await expect(cards).toHaveCount(24);
  await expect(cards.first()).toHaveAccessibleName(name(25));
  await page.screenshot({ path: `${SCREENS}/monitoring-page-2-desktop.png`, fullPage: true });

  // Reload and back keep the page.
  await page.reload();
  await expect(range).toHaveText(`25–48 von ${CLIENTS} Kunden`);
  await page.getByRole('button', { name: 'Seite 1' }).click();
  await expect(range).toHaveText(`1–24 von ${CLIENTS} Kunden`);
  await page.goBack();
  await expect(page).toHaveURL(/[?&]seite=2$/);
  await expect(range).toHaveText(`25–48 von ${CLIENTS} Kunden`);

  // A search that leaves one page moves back to it.
  await page.getByLabel('Kunden suchen').fill('Seitenkunde 0');
  await expect(range).toHaveText('1–9 von 9 Kunden');
  await expect(page).not.toHaveURL(/seite=/);
  await expect(cards).toHaveCount(9);
  await expect(page.getByRole('button', { name: 'Nächste Seite' })).toHaveCount(0);
  await page.getByLabel('Kunden suchen').fill('');

  // The server sorts: the newest client first, and back to names.
  await page.getByRole('combobox', { name: 'Sortierung' }).click();
  await page.getByRole('option', { name: 'Zuletzt angelegt' }).click();
  await expect(cards.first()).toHaveAccessibleName(name(CLIENTS));
  await expect(range).toHaveText(`1–24 von ${CLIENTS} Kunden`);
  await page.getByRole('combobox', { name: 'Sortierung' }).click();
  await page.getByRole('option', { name: 'Name (A–Z)' }).click();
  await expect(cards.first()).toHaveAccessibleName(name(1));

  // More cards per page: one page.
  await page.getByRole('combobox', { name: 'Kunden je Seite' }).click();
  await page.getByRole('option', { name: '96', exact: true }).click();
  await expect(range).toHaveText(`1–${CLIENTS} von ${CLIENTS} Kunden`);
  await expect(cards).toHaveCount(CLIENTS);

  // A phone: the pager fits, nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/provider/${providerId}/monitoring?seite=3`);
  await expect(range).toHaveText(`49–${CLIENTS} von ${CLIENTS} Kunden`);
  await expect(page.getByRole('button', { name: 'Vorherige Seite' })).toBeVisible();
  await expectNoSidewaysScroll(page, 'Kundenliste Seite 3');
  await page.screenshot({ path: `${SCREENS}/monitoring-page-3-phone.png`, fullPage: true });

  // The client switcher searches on the server: a client beyond the first matches by name is found and opened.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/client/${ids[0]}/ioe`);
  const switcher = page.getByTestId('client-switcher').getByRole('combobox', { name: 'Kunde wechseln' });
  await expect(switcher).toHaveValue(name(1));
  await switcher.fill('kunde 60');
  await page.getByRole('option', { name: name(CLIENTS) }).click();
  await expect(page).toHaveURL(`/client/${ids[CLIENTS - 1]}/ioe`);
  await expect(switcher).toHaveValue(name(CLIENTS));
  await page.screenshot({ path: `${SCREENS}/client-switcher-desktop.png` });
});
