import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { demoClientCollector, uploadCollectorLog } from './support/demo-collector';
import { signIn } from './support/sign-in';

const DEMO_PASSWORD = 'Burgwall-Demo-2026!';

test('the admin sees a log a collector uploaded, opens it and finds it by its text', async ({ page, browser }) => {
  // Two sign-ins, a collector upload and three searches: more than the default 30 s on a busy machine.
  test.setTimeout(60_000);
  // The customer's collector: a real key from the installer download, a real upload through the collector route.
  const collector = await demoClientCollector(page);
  const marker = `Marker-${randomUUID().slice(0, 8)}`;
  const logName = `e2e-${marker}.log`;
  await uploadCollectorLog(page, collector, logName, `INFO Erfassung gestartet\nERROR LDAP bind fehlgeschlagen ${marker}\n`);

  const admin = await browser.newPage();
  await admin.goto('/');
  await signIn(admin, 'admin@burgwall.demo', DEMO_PASSWORD, '/admin/logs');
  await expect(admin).toHaveURL(/\/admin\/logs$/);
  await expect(admin.getByRole('heading', { name: 'Protokolle', exact: true })).toBeVisible();
  const row = admin.getByRole('row').filter({ hasText: logName });
  await expect(row).toContainText('Bäckerei Sonnenschein');
  await expect(row).toContainText(/\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2} Uhr/);
  await admin.screenshot({ path: 'test-results/screens/admin-logs.png', fullPage: true });
  await row.click();
  await expect(admin.getByTestId('log-content')).toContainText(`ERROR LDAP bind fehlgeschlagen ${marker}`);
  await admin.screenshot({ path: 'test-results/screens/admin-logs-drawer.png', fullPage: true });
  await admin.keyboard.press('Escape');

  await admin.goto('/admin/logs/search');
  await expect(admin.getByRole('heading', { name: 'Protokollsuche' })).toBeVisible();
  // The German date fields: typed as TT.MM.JJJJ; a period ending before it starts is refused in German.
  await admin.getByLabel('Von').fill('10.03.2026');
  await admin.getByLabel('Bis').fill('01.03.2026');
  await admin.getByLabel('Suchtext').click();
  await expect(admin.getByLabel('Von')).toHaveValue('10.03.2026');
  await admin.getByRole('button', { name: 'Suchen' }).click();
  await expect(admin.getByText('Das Ende liegt vor dem Beginn')).toBeVisible();
  await admin.getByLabel('Von').fill('');
  await admin.getByLabel('Bis').fill('');
  await admin.getByLabel('Suchtext').fill(marker);
  await admin.getByRole('button', { name: 'Suchen' }).click();
  await expect(admin).toHaveURL(new RegExp(`q=${marker}`));
  await expect(admin.getByRole('row')).toHaveCount(2);
  await expect(admin.getByRole('row').nth(1)).toContainText(logName);
  await admin.screenshot({ path: 'test-results/screens/admin-logs-search.png', fullPage: true });
  await admin.getByLabel('Suchtext').fill(`${marker}-gibt-es-nicht`);
  await admin.getByRole('button', { name: 'Suchen' }).click();
  await expect(admin.getByText('Kein Protokoll passt zu diesen Filtern.')).toBeVisible();
  await admin.screenshot({ path: 'test-results/screens/admin-logs-search-empty.png', fullPage: true });
});
