import { expect, type Page, test } from '@playwright/test';
import { changeEvent } from './support/change-event';
import { E2E_SERVICE_API_KEY } from './support/service-key';
import { signIn } from './support/sign-in';

const DEMO_PASSWORD = 'Burgwall-Demo-2026!';
// Detectors know Domain Admins by its SID in the client's newest snapshot: these tests use the demo snapshot of
// „Bäckerei Sonnenschein“, so they run before security-log-samba.spec.ts, which uploads a Samba domain for it.
async function signInAsClient(page: Page): Promise<string> {
  await page.goto('/');
  await signIn(page, 'kunde@burgwall.demo', DEMO_PASSWORD, '/client');
  await expect(page).toHaveURL(/\/client\/[0-9a-f-]{36}\/dashboard$/);
  return new URL(page.url()).pathname.split('/')[2] as string;
}

test('an attack-like change appears in the security log without reload within 5 s', async ({ page, request }) => {
  const clientId = await signInAsClient(page);
  await page.goto(`/client/${clientId}/security-log`);
  await expect(page.getByRole('heading', { name: 'Sicherheitsprotokoll' })).toBeVisible();
  await expect(page.getByTestId('live-status')).toHaveText('Live', { timeout: 10_000 });
  // Other specs may have raised IoAs for this demo client already: count from what is there now.
  await expect(page.getByTestId('loading-state')).toHaveCount(0);
  const before = await page.getByTestId('security-log-row').count();
  if (before === 0) await page.screenshot({ path: 'test-results/screens/security-log-empty.png', fullPage: true });
  // Marks this document: a reload would drop it.
  await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));

  const post = (body: unknown) =>
    request.post('/services/ioe/data-change', { headers: { authorization: E2E_SERVICE_API_KEY }, data: body });

  let started = Date.now();
  const added = await post(
    changeEvent(clientId, {
      objectClass: 'group',
      dn: 'CN=Domain Admins,CN=Users,DC=sonnenschein,DC=local',
      property: 'member',
      oldValue: 'CN=Administrator,CN=Users,DC=sonnenschein,DC=local',
      newValue: 'CN=Administrator,CN=Users,DC=sonnenschein,DC=local\nCN=Mallory Angreifer,CN=Users,DC=sonnenschein,DC=local',
    }),
  );
  expect(added.status()).toBe(200);
  await expect(page.getByText('Mallory Angreifer zu „Domain Admins“ hinzugefügt')).toBeVisible({ timeout: 5000 });
  expect(Date.now() - started).toBeLessThan(5000);

  started = Date.now();
  const spn = await post(
    changeEvent(clientId, {
      objectClass: 'user',
      dn: 'CN=Svc Backup,OU=Dienste,DC=sonnenschein,DC=local',
      property: 'servicePrincipalName',
      oldValue: null,
      newValue: 'MSSQLSvc/sql01.sonnenschein.local:1433',
    }),
  );
  expect(spn.status()).toBe(200);
  await expect(page.getByText('SPN MSSQLSvc/sql01.sonnenschein.local:1433 auf CN=Svc Backup,OU=Dienste,DC=sonnenschein,DC=local gesetzt')).toBeVisible({
    timeout: 5000,
  });
  expect(Date.now() - started).toBeLessThan(5000);

  // An ordinary change is no attack: it must not show up.
  await post(changeEvent(clientId, { objectClass: 'user', dn: 'CN=Eva Muster,CN=Users,DC=sonnenschein,DC=local', property: 'description', oldValue: null, newValue: 'Buchhaltung' }));
  await expect(page.getByTestId('security-log-row')).toHaveCount(before + 2);
  expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
  await page.screenshot({ path: 'test-results/screens/security-log-live.png', fullPage: true });

  // The other pages show the same data.
  await page.goto(`/client/${clientId}/ioa`);
  await expect(page.getByTestId('ioa-total')).toHaveText(`${before + 2} Angriffsindikatoren erkannt`);
  await page.screenshot({ path: 'test-results/screens/ioa-overview.png', fullPage: true });
  const ioaPage = page.url();
  await page.goto(`/client/${clientId}/change-history`);
  await expect(page.getByTestId('change-row').filter({ hasText: 'Buchhaltung' })).toHaveCount(1);
  // This spec's three changes (other specs may have added changes of the same client before).
  await expect.poll(() => page.getByTestId('change-row').filter({ hasText: 'DC=sonnenschein' }).count()).toBeGreaterThanOrEqual(3);
  await page.screenshot({ path: 'test-results/screens/change-history.png', fullPage: true });
  await page.goto(`/client/${clientId}/change-history/search?q=${encodeURIComponent('CN=Domain Admins,CN=Users,DC=sonnenschein')}&ioa=true`);
  await expect(page.getByTestId('change-row')).toHaveCount(1);
  await page.screenshot({ path: 'test-results/screens/change-search.png', fullPage: true });
  await page.goto(ioaPage);
  // Thresholds: a changed threshold is stored per client, shown after a reload, and reset.
  await page.getByRole('link', { name: 'Schwellenwerte anpassen' }).click();
  await expect(page.getByRole('heading', { name: 'Schwellenwerte für Angriffe' })).toBeVisible();
  await page.getByRole('button', { name: /Kontosperrungen gehäuft/ }).click();
  await expect(page.getByLabel('Anzahl Konten')).toHaveValue('10');
  await page.getByLabel('Anzahl Konten').fill('25');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Einstellungen für „Kontosperrungen gehäuft (Password Spraying)“ wurden gespeichert.')).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/ioa-thresholds.png', fullPage: true });
  await page.reload();
  await page.getByRole('button', { name: /Kontosperrungen gehäuft/ }).click();
  await expect(page.getByLabel('Anzahl Konten')).toHaveValue('25');
  await page.getByRole('button', { name: 'Auf Standard zurücksetzen' }).click();
  await expect(page.getByText('Alle Erkennungsregeln nutzen wieder die Standardwerte.')).toBeVisible();
  await page.getByRole('button', { name: /Kontosperrungen gehäuft/ }).click();
  await expect(page.getByLabel('Anzahl Konten')).toHaveValue('10');

  await page.goto(`/client/${clientId}/explorer`);
  await expect(page.getByRole('heading', { name: 'Objekt-Explorer' })).toBeVisible();
  await expect(page.getByTestId('loading-state')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/screens/explorer.png', fullPage: true });

  // Oldest first through the server: this test's events are the last rows, and a new one joins at the end live.
  await page.goto(`/client/${clientId}/security-log`);
  await expect(page.getByTestId('live-status')).toHaveText('Live', { timeout: 10_000 });
  await page.getByTestId('time-order').getByText('Älteste zuerst').click();
  const rows = page.getByTestId('security-log-row');
  await expect(rows.last()).toContainText('MSSQLSvc/sql01.sonnenschein.local:1433');
  await expect(rows).toHaveCount(before + 2);
  await expect(rows.first()).not.toContainText('MSSQLSvc/sql01.sonnenschein.local:1433');
  const printSpn = await post(
    changeEvent(clientId, { objectClass: 'user', dn: 'CN=Svc Druck,OU=Dienste,DC=sonnenschein,DC=local', property: 'servicePrincipalName', oldValue: null, newValue: 'HTTP/druck01.sonnenschein.local' }),
  );
  expect(printSpn.status()).toBe(200);
  await expect(rows.last()).toContainText('HTTP/druck01.sonnenschein.local', { timeout: 5000 });
  await page.screenshot({ path: 'test-results/screens/security-log-oldest.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  // The phone's cards replace the table after the resize (a media query): measure them, not the table's last frame.
  await expect(page.locator('table[data-testid="security-log-table"]')).toHaveCount(0);
  await expect(rows.last()).toContainText('HTTP/druck01.sonnenschein.local');
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // Nor inside a card: a title quoting a long DN wraps.
  const overflowing = await page.locator('[data-testid="security-log-row"] *').evaluateAll((elements) => elements.filter((element) => element.scrollWidth > element.clientWidth + 1).length);
  expect(overflowing).toBe(0);
  await page.screenshot({ path: 'test-results/screens/security-log-oldest-phone.png', fullPage: true });
});

test('admins see the attacks of every client at /admin/attacks', async ({ page }) => {
  await page.goto('/');
  await signIn(page, 'admin@burgwall.demo', DEMO_PASSWORD, '/admin/attacks');
  await expect(page.getByRole('heading', { name: 'Angriffe', exact: true })).toBeVisible();
  const table = page.getByTestId('admin-attacks-table');
  // first(): a retried test before this one raises the same attack again.
  await expect(table.getByText('Mallory Angreifer zu „Domain Admins“ hinzugefügt').first()).toBeVisible();
  await expect(table.getByRole('link', { name: 'Bäckerei Sonnenschein' }).first()).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/admin-attacks.png', fullPage: true });
});
