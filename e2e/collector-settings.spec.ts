/**
 * Issue 14 in the browser: the client sets „Vollständige Erfassung alle … Stunden“ in Einstellungen → Collector and
 * the collector's config answer carries it; a change uploaded with its replication metadata shows „Ursprungs-DC“ and
 * „Version“ in the change history. Screenshots desktop and 390 px phone.
 */
import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { demoClientCollector } from './support/demo-collector';
import { expectRefused } from './support/form-refusal';

const SCREENS = 'test-results/screens';

/** After a resize: the navigation's slide transition has finished. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  await page.waitForTimeout(400);
}


test('full-collection interval setting and the origin of a change', async ({ page }) => {
  test.setTimeout(120_000);
  const { clientId, apiKey } = await demoClientCollector(page);
  const machine = { authorization: `ApiKey ${apiKey}`, 'x-burgwall-machine': 'e2e-origin-01' };
  await page.request.post(`/client/${clientId}/collector/license`, { headers: machine, data: { machineCode: 'e2e-origin-01' } });

  await page.goto(`/client/${clientId}/settings`);
  await page.getByRole('tab', { name: 'Collector' }).click();
  const field = page.getByLabel('Vollständige Erfassung alle … Stunden');
  await expect(field).toHaveValue('6 Stunden');
  await field.fill('200');
  await expectRefused(page, {
    field,
    message: 'Eine vollständige Erfassung muss mindestens einmal pro Woche stattfinden (höchstens 168 Stunden).',
    submit: page.getByRole('button', { name: 'Speichern' }),
    path: '/collector/settings',
  });
  await field.fill('24');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('alle 24 Stunden vollständig')).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/collector-settings-desktop.png`, fullPage: true });
  const config = await page.request.get(`/client/${clientId}/collector/config`, { headers: machine });
  expect(((await config.json()) as { fullCollectionIntervalMs: number }).fullCollectionIntervalMs).toBe(24 * 3_600_000);
  await page.reload();
  await page.getByRole('tab', { name: 'Collector' }).click();
  await expect(page.getByLabel('Vollständige Erfassung alle … Stunden')).toHaveValue('24 Stunden');
  await page.setViewportSize({ width: 390, height: 844 });
  await settled(page);
  await page.screenshot({ path: `${SCREENS}/collector-settings-phone.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // A change with its replication metadata, uploaded as the collector does.
  const marker = `Ursprung-${randomUUID().slice(0, 8)}`;
  const upload = await page.request.post(`/client/${clientId}/collector/changes`, {
    headers: machine,
    data: {
      batchId: `e2e-origin-${marker}`,
      changes: [
        {
          objectGuid: randomUUID(),
          objectClass: 'user',
          distinguishedName: `CN=${marker},CN=Users,DC=sonnenschein,DC=local`,
          propertyName: 'description',
          oldValue: 'alt',
          newValue: marker,
          timestamp: new Date().toISOString(),
          usn: 900_000_001,
          originatingDsa: 'CN=NTDS Settings,CN=DC2,CN=Servers,CN=Default-First-Site-Name,CN=Sites,CN=Configuration,DC=sonnenschein,DC=local',
          version: 7,
        },
      ],
    },
  });
  expect(upload.status()).toBe(200);
  await page.goto(`/client/${clientId}/change-history`);
  const row = page.getByTestId('change-row').filter({ hasText: marker }).first();
  await expect(row.getByTestId('change-origin')).toContainText('Ursprungs-DC: DC2');
  await expect(row.getByTestId('change-origin')).toContainText('Version: 7');
  await page.screenshot({ path: `${SCREENS}/change-origin-desktop.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await settled(page);
  await page.screenshot({ path: `${SCREENS}/change-origin-phone.png` });
});
