import { defineConfig } from '@playwright/test';
import { consentGivenState } from './e2e/support/consent-state';

const port = Number(process.env.E2E_PORT ?? 3199);

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  timeout: 30_000,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
    storageState: consentGivenState('127.0.0.1'),
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    command: 'node --import tsx e2e/support/start-test-server.ts',
    url: `http://127.0.0.1:${port}/services/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: { E2E_PORT: String(port) },
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});
