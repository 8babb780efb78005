/**
 * Every signed-in screen at 390 px: nothing scrolls the page sideways and nothing sticks out of its card (a field or
 * button cut off at the card's edge — the thresholds page's rows were, before they stacked) and no badge is cut short. Wide tables scroll inside
 * their own container and are not counted. Screenshots of each screen for looking at.
 */
import { expect, type Page, test } from '@playwright/test';
import { consentGivenState } from './support/consent-state';
import { clippedBadges, expectNoSidewaysScroll, overflowingCardContent } from './support/layout-checks';
import { signIn } from './support/sign-in';

const DEMO_PASSWORD = 'Burgwall-Demo-2026!';
const SCREENS = 'test-results/screens/phone';

test.use({ viewport: { width: 390, height: 844 } });

async function expectFits(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator('main h1, main h2').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expectNoSidewaysScroll(page, path);
  expect(await overflowingCardContent(page), `${path}: content sticking out of a card`).toEqual([]);
  expect(await clippedBadges(page), `${path}: badges cut short („PRIVI…“)`).toEqual([]);
  await page.screenshot({ path: `${SCREENS}/${path.split('/').filter((part) => part && !/^[0-9a-f-]{36}$/.test(part)).join('-') || 'start'}.png`, fullPage: true });
}

test('the client area fits a phone', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, 'kunde@burgwall.demo', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/client\/[0-9a-f-]{36}\/dashboard$/);
  const base = new URL(page.url()).pathname.replace(/\/dashboard$/, '');
  for (const screen of [
    'dashboard',
    'ioe',
    'ioe/exceptions',
    'ioa',
    'security-log',
    'change-history',
    'change-history/search',
    'explorer',
    'attack-paths',
    'settings',
    'settings/ioa/thresholds',
    'settings/ioe/thresholds',
    'settings/ioe/criticalities',
  ]) {
    await expectFits(page, `${base}/${screen}`);
  }
  await expectFits(page, '/settings');
  await expectFits(page, '/support');
});

test('the provider area fits a phone', async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page, 'anbieter@burgwall.demo', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/provider\/[0-9a-f-]{36}\/monitoring$/);
  const base = new URL(page.url()).pathname.replace(/\/monitoring$/, '');
  for (const screen of ['monitoring', 'audit', 'quickcheck']) await expectFits(page, `${base}/${screen}`);
});

test('the admin area fits a phone', async ({ page }) => {
  test.setTimeout(60_000);
  await page.context().addCookies(consentGivenState('127.0.0.1').cookies);
  await signIn(page, 'admin@burgwall.demo', DEMO_PASSWORD, '/admin/serviceprovider');
  for (const path of ['/admin/logs', '/admin/logs/search', '/admin/jobs', '/admin/selfhosted', '/admin/graph-explorer']) await expectFits(page, path);
});
