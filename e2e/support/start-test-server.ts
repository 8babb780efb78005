/**
 * Starts the real server for the Playwright run on a fresh database of its
 * own, and removes that database again when Playwright stops the server.
 */
import { spawn } from 'node:child_process';
import { builtServerArgs } from '../../test-support/built-server';
import { createEmptyDatabase, findOrStartPostgres } from '../../test-support/postgres-server';
import { E2E_SERVICE_API_KEY } from './service-key';

const postgres = await findOrStartPostgres();
const database = await createEmptyDatabase(postgres.adminUrl);
const port = process.env.E2E_PORT ?? '3199';
// Test-only users with environment flags (a script before the server, never an HTTP route).
const seeding = spawn(process.execPath, ['--import', 'tsx', 'e2e/support/seed-e2e-users.ts', database.url], { stdio: 'inherit' });
const seeded = await new Promise<number | null>((resolve) => seeding.once('exit', resolve));
if (seeded !== 0) throw new Error('seeding the e2e users failed');
const server = spawn(process.execPath, await builtServerArgs(), {
  stdio: 'inherit',
  // The browser uses 127.0.0.1, so the sign-in redirects must too (cookies are per host).
  env: {
    ...process.env,
    DATABASE_URL: database.url,
    PORT: port,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'warn',
    SERVICE_API_KEY: E2E_SERVICE_API_KEY,
    APP_SECRET: 'burgwall-e2e-secret-0123456789',
    // The suites sign in dozens of times from 127.0.0.1; the limit itself is tested in the server's tests.
    AUTH_ATTEMPTS_PER_MINUTE: '1000',
  },
});

let stopping = false;
async function stop(code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  await database.drop().catch((error) => console.error('dropping the e2e database failed', error));
  await postgres.stop();
  process.exit(code);
}
server.on('exit', (code) => void stop(code ?? 1));
process.on('SIGTERM', () => void stop(0));
process.on('SIGINT', () => void stop(0));
