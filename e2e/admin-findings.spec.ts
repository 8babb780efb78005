import { expect, test } from '@playwright/test';
import { signIn } from './support/sign-in';

const DEMO_PASSWORD = 'Burgwall-Demo-2026!';

test('admin: findings of all clients, filtered by criticality and client', async ({ page }) => {
  await signIn(page, 'admin@burgwall.demo', DEMO_PASSWORD, '/admin/findings');
  await expect(page.getByRole('heading', { name: 'Befunde' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Befunde' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/admin-findings.png', fullPage: true });

  await page.getByRole('combobox', { name: 'Kritikalität' }).click();
  await page.getByRole('option', { name: 'Kritisch' }).click();
  await expect(page).toHaveURL(/kritikalitaet=critical/);
  const criticalities = table.locator('tbody tr td:first-child');
  await expect(criticalities.filter({ hasNotText: 'Kritisch' })).toHaveCount(0);
  await expect(criticalities.first()).toHaveText('Kritisch');

  await page.getByRole('combobox', { name: 'Kunde' }).click();
  await page.getByRole('option', { name: 'Müller Maschinenbau AG' }).click();
  await expect(page).toHaveURL(/kunde=/);
  // The demo's Müller has no critical findings: the filters combine, so the empty state shows.
  await expect(page.getByText('Keine offenen Befunde')).toBeVisible();
  await page.getByRole('combobox', { name: 'Kritikalität' }).click();
  await page.getByRole('option', { name: 'Hoch' }).click();
  const clients = table.locator('tbody tr td:nth-child(3)');
  await expect(clients.first()).toHaveText('Müller Maschinenbau AG');
  await expect(clients.filter({ hasNotText: 'Müller Maschinenbau AG' })).toHaveCount(0);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/screens/admin-findings-phone.png', fullPage: true });
});
