import { existsSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { DASHBOARD_ROUTE_MODULES, firstLoad, readManifest, WEB_DIST } from './support/bundle-budget';
import { measureFirstLoad } from './support/first-load-metrics';
import { signIn } from './support/sign-in';

const KB = 1024;
const DEMO_PASSWORD = 'Burgwall-Demo-2026!';

test.describe('fast first load (issue 17)', () => {
  test('the built dashboard route stays within budget: initial JS ≤ 250 KB gzip, first load ≤ 600 KB', () => {
    const load = firstLoad(DASHBOARD_ROUTE_MODULES);
    console.log(`Dashboard: JS ${(load.jsGzipBytes / KB).toFixed(1)} KB gzip in ${load.js.length} Dateien, CSS ${(load.cssGzipBytes / KB).toFixed(1)} KB, gesamt ${(load.totalBytes / KB).toFixed(1)} KB`);
    expect(load.jsGzipBytes).toBeLessThanOrEqual(250 * KB);
    expect(load.totalBytes).toBeLessThanOrEqual(600 * KB);
    // Charts, error reporting and the content client are not part of it.
    const manifest = readManifest();
    const chunkOf = (pattern: RegExp) => Object.values(manifest).filter((chunk) => pattern.test(chunk.src ?? '')).map((chunk) => chunk.file);
    for (const lazyOnly of [/score-trend-chart\.tsx$/, /features\/content\/story-route\.tsx$/, /lib\/consent\/start-consent\.ts$/]) {
      const files = chunkOf(lazyOnly);
      expect(files, String(lazyOnly)).toHaveLength(1);
      expect(load.js).not.toContain(files[0]);
    }
  });

  test('the server sends the build files compressed with immutable caching, index.html with no-cache', async ({ request }) => {
    const html = await request.get('/client/x/dashboard', { headers: { accept: 'text/html', 'accept-encoding': 'br, gzip' } });
    expect(html.headers()['cache-control']).toBe('no-cache');
    const entry = /<script type="module" crossorigin src="([^"]+)"/.exec(await html.text())?.[1];
    expect(entry).toMatch(/^\/assets\/index-[\w-]+\.js$/);
    for (const encoding of ['br', 'gzip']) {
      const response = await request.get(entry as string, { headers: { 'accept-encoding': encoding } });
      expect(response.status()).toBe(200);
      expect(response.headers()['content-encoding']).toBe(encoding);
      expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  test('in Chromium the dashboard loads compressed, within 600 KB, and its LCP is measured', async ({ browser, page }) => {
    await signIn(page, 'kunde@burgwall.demo', DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/client\/[0-9a-f-]{36}\/dashboard$/);
    const metrics = await measureFirstLoad(browser, page.context(), page.url(), 'score-card');
    console.log(`Dashboard in Chromium: LCP ${metrics.lcpMs.toFixed(0)} ms, übertragen ${(metrics.transferredBytes / KB).toFixed(1)} KB`);
    expect(Object.keys(metrics.encodings).length).toBeGreaterThan(5);
    // Files under 1 KB have no compressed copy (it would not be smaller); every other one arrives as brotli.
    for (const [file, encoding] of Object.entries(metrics.encodings)) {
      expect(encoding, file).toBe(existsSync(path.join(WEB_DIST, `${file}.br`)) ? 'br' : 'keine');
    }
    expect(metrics.transferredBytes).toBeLessThanOrEqual(600 * KB);
    expect(metrics.lcpMs).toBeGreaterThan(0);
  });
});
