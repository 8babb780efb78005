/**
 * The German date fields (SPEC §9) where the pages use them: the picker of the change search opens with German month
 * and weekday names, weeks from Monday, and the chosen range reads TT.MM.JJJJ. The dates provider wraps each field (not
 * the app root), so this also proves the field brings its locale with it.
 */
import { expect, test } from '@playwright/test';
import { signIn } from './support/sign-in';

test('the change search picks a time range in German', async ({ page }) => {
  await signIn(page, 'kunde@burgwall.demo', 'Burgwall-Demo-2026!');
  await expect(page).toHaveURL(/\/client\/[0-9a-f-]{36}\/dashboard$/);
  const clientId = new URL(page.url()).pathname.split('/')[2] as string;
  await page.goto(`/client/${clientId}/change-history/search`);
  await page.getByRole('button', { name: 'Zeitraum' }).click();
  const picker = page.getByRole('dialog');
  const month = picker.getByRole('button', { name: /^(Januar|Februar|März|April|Mai|Juni|Juli|August|September|Oktober|November|Dezember) \d{4}$/ });
  await expect(month).toBeVisible();
  const monthName = await month.innerText();
  expect(await picker.getByRole('columnheader').allInnerTexts()).toEqual(['Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa', 'So']);
  await picker.getByRole('button', { name: `3 ${monthName}`, exact: true }).click();
  await picker.getByRole('button', { name: `10 ${monthName}`, exact: true }).click();
  await expect(page.getByRole('button', { name: 'Zeitraum' })).toHaveText(/^\d{2}\.\d{2}\.\d{4} – \d{2}\.\d{2}\.\d{4}$/);
});
