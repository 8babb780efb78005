import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { signIn } from './support/sign-in';

const DEMO_PASSWORD = 'Burgwall-Demo-2026!';

/** Clicks `trigger`, waits for the browser download and checks that the file is a real PDF. */
async function expectPdfDownload(page: Page, click: () => Promise<void>): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const file = await download.path();
  expect(readFileSync(file).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(download.suggestedFilename()).toMatch(/^Sicherheitsbericht-.+\.pdf$/);
  return download.suggestedFilename();
}

test.describe('report download and links (issue 17 defects)', () => {
  test('the client dashboard downloads the PDF report and links the exceptions page', async ({ page }) => {
    await signIn(page, 'kunde@burgwall.demo', DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/client\/[0-9a-f-]{36}\/dashboard$/);
    await page.getByRole('link', { name: 'Ausnahmen', exact: true }).click();
    await expect(page).toHaveURL(/\/ioe\/exceptions$/);
    await page.goBack();

    await expect(page.getByTestId('score-card')).toBeVisible();
    const name = await expectPdfDownload(page, () => page.getByRole('button', { name: 'Bericht herunterladen' }).click());
    expect(name).toContain('Sonnenschein');
    await expect(page.getByText('Bericht heruntergeladen')).toBeVisible();
  });

  test('the provider downloads the PDF report of a client from its card', async ({ page }) => {
    await signIn(page, 'anbieter@burgwall.demo', DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/provider\/[^/]+\/monitoring$/);
    const card = page.getByTestId('client-card').filter({ hasText: 'Bäckerei Sonnenschein' });
    await card.getByRole('button', { name: /^Aktionen für/ }).click();
    await expectPdfDownload(page, () => page.getByRole('menuitem', { name: 'Bericht herunterladen' }).click());
  });
});
