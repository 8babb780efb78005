import { type ChildProcess, spawn } from 'node:child_process';
import { createEmptyDatabase, findOrStartPostgres } from '../../test-support/postgres-server';

export interface MailTestServer {
  baseUrl: string;
  stop(): Promise<void>;
}

const exited = (child: ChildProcess) => new Promise<number | null>((resolve) => child.once('exit', resolve));

/**
 * A further real server on a fresh database whose platform mail goes to the
 * given SMTP URL (an smtp-server the test started), with a webhook secret set.
 */
export async function startMailTestServer(port: number, smtpUrl: string): Promise<MailTestServer> {
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
      SMTP_URL: smtpUrl,
      // The test's SMTP servers listen on loopback.
      SMTP_ALLOW_INTERNAL_HOSTS: 'true',
      MAIL_FROM: 'Burgwall <no-reply@burgwall.test>',
      STRIPE_WEBHOOK_SECRET: 'whsec_e2e_tenant_flows',
    },
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    const ok = await fetch(`${baseUrl}/services/health`).then((r) => r.ok).catch(() => false);
    if (ok) break;
    if (Date.now() > deadline || server.exitCode !== null) throw new Error('mail test server did not start');
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
