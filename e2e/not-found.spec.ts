import { expect, test } from '@playwright/test';

test('an unknown page shows the German 404 error screen and Zurück leads to /', async ({ page }) => {
  await page.goto('/das/gibt/es/nicht');
  await expect(page.getByTestId('error-code')).toHaveText('404');
  await expect(page.getByText('Uh, oh! Ein Fehler ist aufgetreten')).toBeVisible();
  await expect(page.getByText('Seite nicht gefunden: /das/gibt/es/nicht')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Support kontaktieren' })).toHaveAttribute('href', /^mailto:/);
  await page.screenshot({ path: 'test-results/screens/not-found.png', fullPage: true });
  await page.getByRole('button', { name: 'Zurück' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Sicherheitsbewertung');
});

test('the health endpoint answers with status and version', async ({ request }) => {
  const response = await request.get('/services/health');
  expect(response.ok()).toBe(true);
  expect(await response.json()).toEqual({ status: 'ok', version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
});
