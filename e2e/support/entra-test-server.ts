import { type ChildProcess, spawn } from 'node:child_process';
import { createEmptyDatabase, findOrStartPostgres } from '../../test-support/postgres-server';

export interface EntraTestServer {
  baseUrl: string;
  stop(): Promise<void>;
}

const exited = (child: ChildProcess) => new Promise<number | null>((resolve) => child.once('exit', resolve));

/** A further real server (demo data seeded) on a fresh database whose Entra ID and Graph calls go to `entraUrl`. */
export async function startEntraTestServer(port: number, entraUrl: string): Promise<EntraTestServer> {
  const postgres = await findOrStartPostgres();
  const database = await createEmptyDatabase(postgres.adminUrl);
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    stdio: 'inherit',
    env: {
      ...process.env,
      DATABASE_URL: database.url,
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: 'warn',
      ENTRA_AUTHORITY_URL: entraUrl,
      GRAPH_BASE_URL: entraUrl,
    },
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    const ok = await fetch(`${baseUrl}/services/health`).then((r) => r.ok).catch(() => false);
    if (ok) break;
    if (Date.now() > deadline || server.exitCode !== null) throw new Error('entra test server did not start');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    baseUrl,
    stop: async () => {
      server.kill('SIGTERM');
      await exited(server);
      await database.drop();
      await postgres.stop();
    },
  };
}
