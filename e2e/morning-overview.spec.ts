import { expect, type Page, test } from '@playwright/test';
import { clippedBadges, expectNoSidewaysScroll, overflowingCardContent } from './support/layout-checks';
import { signIn } from './support/sign-in';

// Issue 17: the provider's morning overview, the client dashboard's charts and actions, billing names and the client
// switcher, with the demo data, at desktop width and on a phone.

const DEMO_PASSWORD = 'Burgwall-Demo-2026!';
const CLIENT_URL = /\/client\/([0-9a-f-]{36})\/dashboard$/;

async function expectTidy(page: Page, name: string): Promise<void> {
  await expectNoSidewaysScroll(page, name);
  expect(await overflowingCardContent(page), `${name}: content past its card`).toEqual([]);
  expect(await clippedBadges(page), `${name}: clipped badges`).toEqual([]);
}

async function signInAsProvider(page: Page): Promise<string> {
  await signIn(page, 'anbieter@burgwall.demo', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/provider\/[0-9a-f-]{36}\/monitoring$/);
  return /\/provider\/([0-9a-f-]{36})\//.exec(page.url())?.[1] ?? '';
}

for (const viewport of [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test.describe(`morning overview and dashboard (${viewport.name})`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('the provider overview shows its sections, and each entry opens the client', async ({ page }) => {
      await signInAsProvider(page);
      for (const section of ['average-card', 'grade-card', 'clients-at-risk', 'collectors-silent', 'new-ioas']) await expect(page.getByTestId(section)).toBeVisible();
      await expect(page.getByTestId('average-trend')).toContainText('ggü. Vorwoche');
      await expect(page.getByTestId('grade-card').locator('.recharts-surface')).toBeVisible();
      // The demo's attacks of the last hours, each linking to the client's attack page.
      const attack = page.getByTestId('new-ioas').getByRole('link').first();
      await expect(attack).toHaveAttribute('href', /\/client\/[0-9a-f-]{36}\/ioa$/);
      await expectTidy(page, 'Monitoring-Übersicht');
      await page.screenshot({ path: `test-results/screens/provider-overview-${viewport.name}.png`, fullPage: true });

      await page.getByTestId('clients-at-risk').getByRole('link', { name: 'Stadtwerke Nordheim' }).click();
      await expect(page).toHaveURL(CLIENT_URL);
      await expect(page.getByTestId('score-card')).toBeVisible();
    });

    test('the client dashboard shows the trend, the finding charts and the five actions with the biggest gain', async ({ page }) => {
      await signIn(page, 'kunde@burgwall.demo', DEMO_PASSWORD);
      await expect(page).toHaveURL(CLIENT_URL);
      await expect(page.getByTestId('score-history').locator('.recharts-surface')).toBeVisible();
      await expect(page.getByTestId('category-card').locator('.recharts-surface')).toBeVisible();
      const actions = page.getByTestId('score-action');
      await expect(actions.first()).toBeVisible();
      expect(await actions.count()).toBeLessThanOrEqual(5);
      await expect(actions.first()).toContainText(/danach \d+ Punkte/);
      await expect(page.getByTestId('check-changes')).toBeVisible();
      // A client user has neither the way back to the provider area nor the switcher.
      await expect(page.getByTestId('client-switcher')).toHaveCount(0);
      await expectTidy(page, 'Dashboard');
      await page.screenshot({ path: `test-results/screens/client-dashboard-${viewport.name}.png`, fullPage: true });

      const title = (await actions.first().getByRole('link').textContent()) ?? '';
      await actions.first().getByRole('link').click();
      await expect(page).toHaveURL(/\/ioe\/findings\//);
      await expect(page.getByRole('heading', { name: title })).toBeVisible();
    });

    test('billing names the clients and agrees with itself', async ({ page }) => {
      const providerId = await signInAsProvider(page);
      await page.goto(`/provider/${providerId}/settings?tab=billing`);
      const table = page.getByTestId('subscriptions-table');
      for (const name of ['Bäckerei Sonnenschein', 'Müller Maschinenbau AG', 'Stadtwerke Nordheim']) await expect(table.getByRole('link', { name })).toBeVisible();
      await expect(table).not.toContainText('sub_');
      await expect(table).toContainText(/\d{2}\.\d{2}\.\d{4}/);
      const running = await table.locator('tbody tr').filter({ hasNotText: 'beendet' }).count();
      await expect(page.getByTestId('billed-count')).toHaveText(String(running));
      await expectTidy(page, 'Abrechnung');
    });
  });
}

test.describe('client switcher', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('a provider switches to the same page of another client and finds the way back', async ({ page }) => {
    const providerId = await signInAsProvider(page);
    await page.getByTestId('clients-at-risk').getByRole('link', { name: 'Stadtwerke Nordheim' }).click();
    await expect(page).toHaveURL(CLIENT_URL);
    const first = CLIENT_URL.exec(page.url())?.[1];
    await page.goto(`/client/${first}/ioe`);
    const switcher = page.getByTestId('client-switcher');
    await switcher.getByRole('combobox', { name: 'Kunde wechseln' }).fill('Bäcker');
    await page.getByRole('option', { name: 'Bäckerei Sonnenschein' }).click();
    await expect(page).toHaveURL(/\/client\/[0-9a-f-]{36}\/ioe$/);
    expect(page.url()).not.toContain(first);
    await expect(page.getByTestId('ioe-table')).toBeVisible();
    await switcher.getByRole('link', { name: 'Zur Kundenübersicht' }).click();
    await expect(page).toHaveURL(`/provider/${providerId}/monitoring`);
  });
});
