import { type ChildProcess, spawn } from 'node:child_process';
import { createEmptyDatabase, findOrStartPostgres, type PostgresServer } from '../../test-support/postgres-server';

export interface EnvServer {
  baseUrl: string;
  stop(): Promise<void>;
}

const run = (child: ChildProcess) => new Promise<number | null>((resolve) => child.once('exit', resolve));

/** A further server with its own seeded database and the given APP_ENV, for the environment rules. */
export async function startEnvServer(appEnv: string, port: number): Promise<EnvServer> {
  const postgres: PostgresServer = await findOrStartPostgres();
  const database = await createEmptyDatabase(postgres.adminUrl);
  const seeded = await run(spawn(process.execPath, ['--import', 'tsx', 'e2e/support/seed-e2e-users.ts', database.url], { stdio: 'inherit' }));
  if (seeded !== 0) throw new Error('seeding failed');
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, DATABASE_URL: database.url, PORT: String(port), PUBLIC_URL: baseUrl, APP_ENV: appEnv, LOG_LEVEL: 'warn' },
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    const ok = await fetch(`${baseUrl}/services/health`).then((r) => r.ok).catch(() => false);
    if (ok) break;
    if (Date.now() > deadline || server.exitCode !== null) throw new Error(`server for APP_ENV=${appEnv} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    baseUrl,
    stop: async () => {
      server.kill('SIGTERM');
      await run(server);
      await database.drop();
      await postgres.stop();
    },
  };
}
