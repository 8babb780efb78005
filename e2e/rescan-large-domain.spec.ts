/**
 * „Jetzt neu auswerten“ on a large domain (issue 15): its evaluation runs as a job (a million objects would keep the
 * request open longer than a reverse proxy waits), the dashboard says so and follows the states until the new
 * evaluation has landed. A server of its own where every domain counts as large (EVALUATION_WORKER_MIN_OBJECTS=1).
 */
import { expect, test } from '@playwright/test';
import { type ExtraServer, startExtraServer } from './support/extra-server';
import { signIn } from './support/sign-in';

const basePort = Number(process.env.E2E_PORT ?? 3199);
const DEMO_PASSWORD = 'Burgwall-Demo-2026!';
const SCREENS = 'test-results/screens';
let server: ExtraServer;

test.beforeAll(async () => {
  // A fresh database with demo data and migrations, on a shared machine: more than the default 30 s.
  test.setTimeout(120_000);
  server = await startExtraServer(basePort + 5, { EVALUATION_WORKER_MIN_OBJECTS: '1' }, { name: 'server with large domains', startTimeoutMs: 110_000 });
});
test.afterAll(async () => {
  test.setTimeout(120_000);
  await server?.stop();
});

test('a queued evaluation is announced, shown as running and lands on the dashboard', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto(server.baseUrl);
  await signIn(page, 'kunde@burgwall.demo', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/client\/[0-9a-f-]{36}\/dashboard$/);
  await page.getByRole('button', { name: 'Jetzt neu auswerten' }).click();
  await expect(page.getByText('Auswertung gestartet')).toBeVisible();
  await expect(page.getByText(/Die Domäne ist mit [\d.]+ Objekten groß: Die Auswertung läuft im Hintergrund/)).toBeVisible();
  await expect(page.getByTestId('evaluation-running')).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/rescan-queued.png`, fullPage: true });
  // The job evaluates in the worker thread; the card follows the states until their evaluation time (to the
  // millisecond, the page shows minutes) moves.
  await expect(page.getByTestId('evaluation-running')).toHaveCount(0, { timeout: 60_000 });
  await expect(page.getByRole('button', { name: 'Jetzt neu auswerten' })).toBeEnabled();
  await expect(page.getByTestId('score-value')).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Jetzt neu auswerten' }).click();
  await expect(page.getByTestId('evaluation-running')).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/rescan-queued-phone.png`, fullPage: true });
  await expect(page.getByTestId('evaluation-running')).toHaveCount(0, { timeout: 60_000 });
});

test('changed and reset thresholds of a large domain say that their evaluation runs in the background', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto(server.baseUrl);
  await signIn(page, 'kunde@burgwall.demo', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/client\/[0-9a-f-]{36}\/dashboard$/);
  const clientId = new URL(page.url()).pathname.split('/')[2];
  await page.goto(`${server.baseUrl}/client/${clientId}/settings/ioe/thresholds`);
  const row = page.getByTestId('threshold-row').first();
  const field = row.getByRole('textbox').first();
  const defaultValue = await field.inputValue();
  const changed = String(Number(defaultValue) + 1);
  await field.fill(changed);
  await row.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Schwellenwert gespeichert')).toBeVisible();
  await expect(page.getByText(/wird im Hintergrund neu ausgewertet; die Befunde folgen in Kürze\./)).toBeVisible();
  await expect(page.getByTestId('evaluation-running')).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/thresholds-queued.png`, fullPage: true });
  // The page follows the job until its evaluation has landed.
  await expect(page.getByTestId('evaluation-running')).toHaveCount(0, { timeout: 60_000 });
  // Stored with its evaluation queued: the new value is there after a reload.
  await page.reload();
  await expect(field).toHaveValue(changed);

  await page.setViewportSize({ width: 390, height: 844 });
  // At phone width a row stacks: its fields and its button are on screen, not cut off at the card's edge.
  for (const element of [field, row.getByRole('button', { name: 'Speichern' })]) {
    const box = await element.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(390);
  }
  await page.getByRole('button', { name: 'Alle zurücksetzen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Schwellenwerte zurücksetzen?' });
  await dialog.getByRole('button', { name: 'Zurücksetzen' }).click();
  await expect(page.getByText('Die Schwellenwerte wurden auf die Standardwerte zurückgesetzt; die Auswertung läuft im Hintergrund.')).toBeVisible();
  await expect(field).toHaveValue(defaultValue);
  await expect(dialog).toBeHidden();
  await page.screenshot({ path: `${SCREENS}/thresholds-queued-phone.png` });
});
