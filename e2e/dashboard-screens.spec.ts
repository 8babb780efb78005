import { expect, type Page, test } from '@playwright/test';
import { signIn } from './support/sign-in';

const DEMO_PASSWORD = 'Burgwall-Demo-2026!';

/** Widths of the page vs. the viewport: a phone must never scroll sideways. */
async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth }));
  expect(scrollWidth, 'horizontal scroll').toBeLessThanOrEqual(clientWidth);
}

for (const viewport of [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test.describe(`demo screens (${viewport.name})`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('client dashboard with the score trend of the demo history', async ({ page }) => {
      await signIn(page, 'kunde@burgwall.demo', DEMO_PASSWORD);
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByTestId('score-card')).toBeVisible();
      // The seeded weeks of history draw a chart (recharts' SVG) instead of the "from the second evaluation" hint.
      await expect(page.locator('.recharts-surface').first()).toBeVisible();
      await expect(page.getByText('Der Verlauf erscheint ab der zweiten Auswertung.')).toHaveCount(0);
      await expectNoHorizontalScroll(page);
      await page.screenshot({ path: `test-results/screens/client-dashboard-${viewport.name}.png`, fullPage: true });
    });

    test('provider monitoring with the demo clients', async ({ page }) => {
      await signIn(page, 'anbieter@burgwall.demo', DEMO_PASSWORD);
      await expect(page).toHaveURL(/\/monitoring$/);
      await expect(page.getByTestId('client-card')).toHaveCount(3);
      // The morning summary: average of the three demo scores, and the red client links into its dashboard.
      const scores = await page.getByTestId('client-score').allTextContents();
      const average = Math.round(scores.map(Number).reduce((sum, score) => sum + score, 0) / scores.length);
      await expect(page.getByTestId('average-score')).toHaveText(String(average));
      await expect(page.getByTestId('clients-at-risk').getByRole('link', { name: /Stadtwerke Nordheim/ })).toHaveAttribute('href', /\/client\/[0-9a-f-]{36}\/dashboard$/);
      await expectNoHorizontalScroll(page);
      await page.screenshot({ path: `test-results/screens/provider-monitoring-${viewport.name}.png`, fullPage: true });
    });
  });
}
