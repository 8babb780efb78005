import { type BrowserContext, expect, type Page, type Request, test } from '@playwright/test';

const BANNER = 'Hinweis zu Cookies und Diensten';

// These tests are about the banner itself: start as a visitor who has not answered it.
test.use({ storageState: { cookies: [], origins: [] } });

async function consentCookie(context: BrowserContext): Promise<Record<string, unknown> | null> {
  const cookie = (await context.cookies()).find((candidate) => candidate.name === 'cc_cookie');
  return cookie ? (JSON.parse(decodeURIComponent(cookie.value)) as Record<string, unknown>) : null;
}

function consentPost(page: Page): Promise<Request> {
  return page.waitForRequest((request) => request.url().endsWith('/your-endpoint-url') && request.method() === 'POST');
}

test('a new visitor sees the banner; "Alle ablehnen" stores only necessary and posts the record', async ({ page, context }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Sicherheitsbewertung');
  const banner = page.locator('#cc-main .cm');
  await expect(banner.getByText(BANNER)).toBeVisible();
  for (const label of ['Alle akzeptieren', 'Alle ablehnen', 'Einstellungen verwalten']) {
    await expect(banner.getByRole('button', { name: label })).toBeVisible();
  }
  await expect(banner.getByRole('link', { name: 'Datenschutzerklärung' })).toHaveAttribute('href', '/datenschutz');
  await expect(banner.getByRole('link', { name: 'Impressum' })).toHaveAttribute('href', '/impressum');
  await page.screenshot({ path: 'test-results/screens/consent-banner.png' });

  const posted = consentPost(page);
  await banner.getByRole('button', { name: 'Alle ablehnen' }).click();
  const request = await posted;
  const cookie = await consentCookie(context);
  expect(cookie).toMatchObject({ categories: ['necessary'], revision: 1, languageCode: 'de' });
  expect(request.postDataJSON()).toEqual({
    consentId: cookie?.consentId,
    acceptType: 'necessary',
    acceptedCategories: ['necessary'],
    rejectedCategories: ['functionality', 'analytics'],
  });
  expect((await request.response())?.status()).toBe(201);
  const raw = (await context.cookies()).find((candidate) => candidate.name === 'cc_cookie');
  expect(raw).toMatchObject({ path: '/', sameSite: 'Lax' });
  expect(raw?.expires ?? 0).toBeGreaterThan(Date.now() / 1000 + 181 * 24 * 3600);
  await expect(banner).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('#cc-main .cm').getByText(BANNER)).toBeHidden();
});

test('"Einstellungen speichern" in the preferences modal stores the custom choice', async ({ page, context }) => {
  await page.goto('/');
  await page.locator('#cc-main .cm').getByRole('button', { name: 'Einstellungen verwalten' }).click();
  const modal = page.locator('#cc-main .pm');
  await expect(modal.getByText('Präferenzen für die Zustimmung')).toBeVisible();
  await expect(modal.getByText('Immer Aktiviert')).toBeVisible();
  for (const label of ['Alle akzeptieren', 'Alle ablehnen', 'Einstellungen speichern']) {
    await expect(modal.getByRole('button', { name: label })).toBeVisible();
  }
  await modal.locator('.pm__section-title', { hasText: 'Statistik' }).locator('xpath=..').locator('label.section__toggle-wrapper, .section__toggle-wrapper').first().click();
  await page.screenshot({ path: 'test-results/screens/consent-preferences.png' });
  const posted = consentPost(page);
  await modal.getByRole('button', { name: 'Einstellungen speichern' }).click();
  const request = await posted;
  expect(request.postDataJSON()).toMatchObject({
    acceptType: 'custom',
    acceptedCategories: ['necessary', 'analytics'],
    rejectedCategories: ['functionality'],
  });
  expect(await consentCookie(context)).toMatchObject({ categories: ['necessary', 'analytics'], revision: 1 });
});

test('a cookie of another revision brings the banner back', async ({ page, context, baseURL }) => {
  const outdated = {
    categories: ['necessary', 'analytics'],
    revision: 0,
    data: null,
    consentTimestamp: '2025-01-01T10:00:00.000Z',
    lastConsentTimestamp: '2025-01-01T10:00:00.000Z',
    consentId: '3f2b8c1e-7d4a-4e8b-9c2d-1a2b3c4d5e6f',
    services: { necessary: [], functionality: [], analytics: [] },
    languageCode: 'de',
    expirationTime: Date.now() + 86_400_000,
  };
  await context.addCookies([{ name: 'cc_cookie', value: encodeURIComponent(JSON.stringify(outdated)), url: baseURL as string }]);
  await page.goto('/');
  await expect(page.locator('#cc-main .cm').getByText(BANNER)).toBeVisible();
});

test.describe('bots', () => {
  test.use({ userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' });
  test('a crawler does not get the banner', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForTimeout(500);
    await expect(page.locator('#cc-main .cm')).toHaveCount(0);
  });
});

test('the privacy and imprint pages render from content and are linked in the footer', async ({ page }) => {
  await page.goto('/');
  // The banner bar covers the footer until the visitor decides.
  await page.locator('#cc-main .cm').getByRole('button', { name: 'Alle akzeptieren' }).click();
  await page.locator('footer').getByRole('link', { name: 'Impressum' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Impressum' })).toBeVisible();
  await page.locator('footer').getByRole('link', { name: 'Datenschutz' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Datenschutzerklärung' })).toBeVisible();
  await expect(page.locator('img[srcset*="/_ipx/"]')).toHaveCount(0);
  await page.goto('/');
  const hero = page.locator('img[srcset*="/_ipx/"]').first();
  await expect(hero).toHaveAttribute('srcset', /w_640&f_webp&q_100\/landing\/dashboard\.png 640w/);
  await expect.poll(() => hero.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(0);
  await page.screenshot({ path: 'test-results/screens/landing.png', fullPage: true });
});
