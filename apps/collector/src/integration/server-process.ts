/** Test helper: the real server as a child process (so it can be SIGKILLed) and a proxy that kills it mid-upload. */
import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { builtServerArgs } from '../../../../test-support/built-server';

const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

export async function startServerProcess(databaseUrl: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, await builtServerArgs(), {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      WEB_DIST: '/nonexistent',
      APP_SECRET: 'burgwall-test-secret-0123456789',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const ok = await fetch(`http://127.0.0.1:${port}/services/health`).then((r) => r.ok, () => false);
    if (ok) return child;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error('server did not start within 60 s');
}

export async function killProcess(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

/**
 * A TCP proxy to the server. While `armed`, the first response to a request whose head matches
 * `trigger` is swallowed and `onTrigger` runs (the test SIGKILLs the server there): the server has
 * stored the batch, but the collector never hears so.
 */
export class KillingProxy {
  armed = false;
  triggered = 0;
  private readonly server: net.Server;
  private readonly sockets = new Set<net.Socket>();

  constructor(
    private readonly targetPort: number,
    private readonly trigger: RegExp,
    private readonly onTrigger: () => Promise<void>,
  ) {
    this.server = net.createServer((client) => this.handle(client));
  }

  listen(port: number): Promise<void> {
    return new Promise((resolve) => this.server.listen(port, '127.0.0.1', () => resolve()));
  }

  close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private handle(client: net.Socket): void {
    const upstream = net.connect(this.targetPort, '127.0.0.1');
    this.sockets.add(client).add(upstream);
    let matched = false;
    client.on('data', (chunk: Buffer) => {
      if (this.armed && this.trigger.test(chunk.toString('latin1', 0, Math.min(chunk.length, 512)))) matched = true;
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (matched && this.armed) {
        this.armed = false;
        this.triggered++;
        client.destroy();
        upstream.destroy();
        void this.onTrigger();
        return;
      }
      client.write(chunk);
    });
    const end = () => {
      client.destroy();
      upstream.destroy();
      this.sockets.delete(client);
      this.sockets.delete(upstream);
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  }
}
