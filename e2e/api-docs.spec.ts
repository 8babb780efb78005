import { expect, test } from '@playwright/test';

test('the API reference renders the OpenAPI document in the browser', async ({ page }) => {
  await page.goto('/api-docs');
  await expect(page.locator('.swagger-ui .info .title')).toContainText('Burgwall API');
  // Every resource as a collapsed section (swagger-ui stopped rendering the fully expanded list of ~160 operations);
  // opening one lists its operations, with the security schemes of the API.
  await expect(page.locator('.opblock-tag-section')).toHaveCount(10);
  await page.locator('.opblock-tag', { hasText: 'Kunden: Lebenszyklus' }).click();
  await expect(page.getByText('/client/{clientUUID}/license', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('/client/{clientUUID}/attack-paths/tier0', { exact: true }).first()).toBeVisible();
  await expect(page.locator('.btn.authorize')).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/api-docs.png', fullPage: false });
});

test('the OpenAPI document is served as JSON', async ({ request }) => {
  const response = await request.get('/openapi.json');
  expect(response.ok()).toBe(true);
  const document = await response.json();
  expect(document.openapi).toBe('3.1.0');
  expect(Object.keys(document.components.securitySchemes)).toEqual(expect.arrayContaining(['bearerAuth', 'hasuraRole', 'collectorKey']));
});
