import type { Browser, BrowserContext, Page } from '@playwright/test';

export interface PageLoadMetrics {
  /** Largest Contentful Paint in ms after navigation start. */
  lcpMs: number;
  /** Bytes over the wire (headers included) of the document and the build files (/assets/). */
  transferredBytes: number;
  /** Content-Encoding of each build file (JS/CSS) the page loaded. */
  encodings: Record<string, string>;
}

/**
 * Opens `url` in a fresh context (empty cache) with the cookies of `signedIn`
 * and reads what Chromium itself reports: LCP and the transfer sizes of the
 * Resource Timing entries. `setup` may throttle the page (bench) before it loads.
 */
export async function measureFirstLoad(
  browser: Browser,
  signedIn: BrowserContext,
  url: string,
  readyTestId: string,
  setup: (page: Page) => Promise<void> = async () => undefined,
): Promise<PageLoadMetrics> {
  const context = await browser.newContext({ storageState: await signedIn.storageState(), baseURL: undefined });
  try {
    const page = await context.newPage();
    await setup(page);
    const encodings: Record<string, string> = {};
    page.on('response', (response) => {
      const path = new URL(response.url()).pathname;
      if (/^\/assets\/.*\.(js|css)$/.test(path)) encodings[path] = response.headers()['content-encoding'] ?? 'keine';
    });
    await page.goto(url);
    await page.getByTestId(readyTestId).first().waitFor();
    await page.waitForLoadState('networkidle');
    const measured = await page.evaluate(
      () =>
        new Promise<{ lcpMs: number; transferredBytes: number }>((resolve) => {
          new PerformanceObserver((list) => {
            const entries = list.getEntries();
            const lcpMs = entries.at(-1)?.startTime ?? Number.NaN;
            const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
            const assets = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((entry) =>
              new URL(entry.name).pathname.startsWith('/assets/'),
            );
            resolve({ lcpMs, transferredBytes: navigation.transferSize + assets.reduce((sum, entry) => sum + entry.transferSize, 0) });
          }).observe({ type: 'largest-contentful-paint', buffered: true });
        }),
    );
    return { ...measured, encodings };
  } finally {
    await context.close();
  }
}
