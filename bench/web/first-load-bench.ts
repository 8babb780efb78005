/**
 * Dashboard first load in Chromium: LCP and bytes over the wire, as the server
 * sends the build (brotli, pre-compressed) next to a reference measured in the
 * same run: the same build and page with compression refused
 * (Accept-Encoding: identity), i.e. what the issue measured before.
 * Both under the same throttled network (CDP, "Slow 4G": 150 ms RTT, 1.6 Mbit/s down),
 * rounds interleaved. Needs the built web (npm run build -w @burgwall/web).
 *
 *   node --import tsx bench/web/first-load-bench.ts [rounds=5] [port=3217]
 */
import { spawn } from 'node:child_process';
import { chromium, type Page } from '@playwright/test';
import { firstLoad, DASHBOARD_ROUTE_MODULES } from '../../e2e/support/bundle-budget';
import { measureFirstLoad, type PageLoadMetrics } from '../../e2e/support/first-load-metrics';
import { signIn } from '../../e2e/support/sign-in';

const rounds = Number(process.argv[2] ?? 5);
const port = process.argv[3] ?? '3217';
const origin = `http://127.0.0.1:${port}`;

const server = spawn(process.execPath, ['--import', 'tsx', 'e2e/support/start-test-server.ts'], {
  env: { ...process.env, E2E_PORT: port },
  stdio: 'inherit',
});
async function waitForServer(): Promise<void> {
  for (let attempt = 0; attempt < 240; attempt++) {
    if (await fetch(`${origin}/services/health`).then((r) => r.ok, () => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('Server nicht erreichbar');
}

function throttle(acceptEncoding?: string) {
  return async (page: Page) => {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 });
    if (acceptEncoding) await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': acceptEncoding } });
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

try {
  await waitForServer();
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  const context = await browser.newContext({ locale: 'de-DE' });
  const page = await context.newPage();
  await page.goto(origin);
  await signIn(page, 'kunde@burgwall.demo', 'Burgwall-Demo-2026!');
  await page.waitForURL(/\/dashboard$/);
  const url = page.url();
  const results: Record<'brotli' | 'identity', PageLoadMetrics[]> = { brotli: [], identity: [] };
  for (let round = 0; round < rounds; round++) {
    results.brotli.push(await measureFirstLoad(browser, context, url, 'score-card', throttle()));
    results.identity.push(await measureFirstLoad(browser, context, url, 'score-card', throttle('identity')));
  }
  await browser.close();
  const budget = firstLoad(DASHBOARD_ROUTE_MODULES);
  console.log(`\nBuild: initial JS of the dashboard ${(budget.jsGzipBytes / 1024).toFixed(1)} KB gzip, first load ${(budget.totalBytes / 1024).toFixed(1)} KB (manifest)`);
  console.log(`\n| ${rounds} rounds, Slow 4G | LCP median | LCP fastest | transferred (median) | JS/CSS encodings |`);
  console.log('|---|---|---|---|---|');
  for (const [name, list] of Object.entries(results)) {
    const encodings = [...new Set(list.flatMap((m) => Object.values(m.encodings)))].join(', ');
    console.log(
      `| ${name === 'brotli' ? 'as served (brotli, pre-compressed)' : 'reference: compression refused (identity)'} | ${median(list.map((m) => m.lcpMs)).toFixed(0)} ms | ${Math.min(...list.map((m) => m.lcpMs)).toFixed(0)} ms | ${(median(list.map((m) => m.transferredBytes)) / 1024).toFixed(1)} KB | ${encodings} |`,
    );
  }
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
}
