import { type ChildProcess, spawn } from 'node:child_process';
import { builtServerArgs } from '../../test-support/built-server';
import { createEmptyDatabase, findOrStartPostgres } from '../../test-support/postgres-server';

export interface ExtraServer {
  baseUrl: string;
  /** The server's own database (for a test that has to put something in place the UI cannot, e.g. a failing job). */
  databaseUrl: string;
  stop(): Promise<void>;
}

const exited = (child: ChildProcess) => new Promise<number | null>((resolve) => child.once('exit', resolve));

/**
 * A further real server next to the one Playwright starts: its own fresh database, the given environment, and
 * optionally the e2e users seeded before it starts (demo data comes from the server's own seeding).
 */
export async function startExtraServer(
  port: number,
  env: Record<string, string>,
  { seedE2eUsers = false, name = 'extra server', startTimeoutMs = 60_000 }: { seedE2eUsers?: boolean; name?: string; startTimeoutMs?: number } = {},
): Promise<ExtraServer> {
  const postgres = await findOrStartPostgres();
  const database = await createEmptyDatabase(postgres.adminUrl);
  if (seedE2eUsers) {
    const seed = spawn(process.execPath, ['--import', 'tsx', 'e2e/support/seed-e2e-users.ts', database.url], { stdio: 'inherit' });
    if ((await exited(seed)) !== 0) throw new Error(`seeding the ${name} failed`);
  }
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, await builtServerArgs(), {
    stdio: 'inherit',
    env: { ...process.env, DATABASE_URL: database.url, PORT: String(port), PUBLIC_URL: baseUrl, LOG_LEVEL: 'warn', APP_SECRET: 'burgwall-e2e-secret-0123456789', AUTH_ATTEMPTS_PER_MINUTE: '1000', ...env },
  });
  const deadline = Date.now() + startTimeoutMs;
  for (;;) {
    const ok = await fetch(`${baseUrl}/services/health`).then((r) => r.ok).catch(() => false);
    if (ok) break;
    if (Date.now() > deadline || server.exitCode !== null) {
      // Not left running (it would hold the port and its database) when it only started too slowly.
      server.kill('SIGTERM');
      throw new Error(`${name} did not start`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    baseUrl,
    databaseUrl: database.url,
    stop: async () => {
      server.kill('SIGTERM');
      await exited(server);
      await database.drop();
      await postgres.stop();
    },
  };
}
