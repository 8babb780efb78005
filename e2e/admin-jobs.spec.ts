/**
 * „Hintergrundaufträge“ end to end on a further real server: a job of a real queue whose handler really fails (an
 * attack-detection job naming a change id that is no number, queued straight into pg-boss's table as `send` does) shows
 * with its PostgreSQL error and its client; „Erneut versuchen“ with confirmation runs it once more. Screenshots
 * desktop and 390 px phone.
 */
import { expect, type Page, test } from '@playwright/test';
import pg from 'pg';
import { type ExtraServer, startExtraServer } from './support/extra-server';
import { signIn } from './support/sign-in';

const DEMO_PASSWORD = 'Burgwall-Demo-2026!';
const SCREENS = 'test-results/screens';
const basePort = Number(process.env.E2E_PORT ?? 3199);

let server: ExtraServer | undefined;

test.afterAll(async () => {
  await server?.stop();
});

async function jobState(client: pg.Client, id: string): Promise<{ state: string; retry_count: number }> {
  const result = await client.query<{ state: string; retry_count: number }>('SELECT state::text AS state, retry_count FROM pgboss.job WHERE id = $1', [id]);
  return result.rows[0] ?? { state: 'missing', retry_count: -1 };
}

async function openJobs(page: Page) {
  await page.goto(`${server?.baseUrl}/admin/jobs`);
  await expect(page.getByRole('heading', { name: 'Hintergrundaufträge' })).toBeVisible();
}

test('admin sees a failed job with its error and client and retries it', async ({ page }) => {
  test.setTimeout(180_000);
  server = await startExtraServer(basePort + 1, {}, { name: 'job server', startTimeoutMs: 120_000 });
  const db = new pg.Client({ connectionString: server.databaseUrl });
  await db.connect();
  try {
    const demo = await db.query<{ client_id_pk: string }>("SELECT client_id_pk FROM client WHERE client_name = 'Bäckerei Sonnenschein'");
    const clientId = demo.rows[0]?.client_id_pk ?? '';
    expect(clientId).not.toBe('');
    const queued = await db.query<{ id: string }>(
      `INSERT INTO pgboss.job (name, data, retry_limit) VALUES ('ioa-evaluate', $1, 0) RETURNING id`,
      [JSON.stringify({ clientId, changeIds: ['keine-zahl'] })],
    );
    const jobId = queued.rows[0]?.id ?? '';
    await expect.poll(async () => (await jobState(db, jobId)).state, { timeout: 30_000 }).toBe('failed');

    await page.goto(`${server.baseUrl}/`);
    await signIn(page, 'admin@burgwall.demo', DEMO_PASSWORD, '/admin/jobs');
    await expect(page.getByRole('link', { name: 'Hintergrundaufträge' })).toBeVisible();
    await openJobs(page);
    await expect(page.getByRole('table', { name: 'Warteschlangen' })).toContainText('Angriffserkennung in Änderungen');
    // Other jobs of the fresh server may fail too (seeding under load): this test looks at its own job.
    const failure = page.locator(`[data-testid="job-failure"][data-job-id="${jobId}"]`);
    console.log(`[admin-jobs] failures listed: ${(await page.getByTestId('job-failure').allInnerTexts()).join(' | ').replace(/\s+/g, ' ')}`);
    await expect(failure).toContainText('keine-zahl');
    await expect(failure).toContainText('Bäckerei Sonnenschein');
    await expect(failure).toContainText('Versuche 1 von 1');
    await page.screenshot({ path: `${SCREENS}/admin-jobs-desktop.png`, fullPage: true });

    await failure.getByRole('button', { name: 'Erneut versuchen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Auftrag erneut versuchen?' });
    await expect(dialog).toContainText('Bäckerei Sonnenschein');
    await page.screenshot({ path: `${SCREENS}/admin-jobs-confirm-desktop.png` });
    await dialog.getByRole('button', { name: 'Erneut versuchen' }).click();
    await expect(page.getByText('Auftrag neu eingereiht')).toBeVisible();
    // The worker ran it once more (the error is real, so it fails again, now after its second attempt).
    await expect.poll(async () => jobState(db, jobId), { timeout: 30_000 }).toEqual({ state: 'failed', retry_count: 1 });
    await openJobs(page);
    await expect(page.locator(`[data-testid="job-failure"][data-job-id="${jobId}"]`)).toContainText('Versuche 2 von 2');

    await page.setViewportSize({ width: 390, height: 844 });
    await openJobs(page);
    await expect(page.getByRole('table', { name: 'Warteschlangen' })).toBeHidden();
    await expect(page.getByLabel('Angriffserkennung in Änderungen')).toBeVisible();
    await page.screenshot({ path: `${SCREENS}/admin-jobs-phone.png`, fullPage: true });
    const wide = await page.evaluate(() =>
      [...document.querySelectorAll('main *')]
        .filter((element) => element.getBoundingClientRect().right > 391)
        .slice(0, 5)
        .map((element) => `${element.tagName}.${element.className} ${Math.round(element.getBoundingClientRect().right)}`),
    );
    expect(wide).toEqual([]);
  } finally {
    await db.end();
  }
});
