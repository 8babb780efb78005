/**
 * `npm start` with the embedded PostgreSQL after a kill -9: the orphaned postmaster must not keep the next server from
 * starting, and a port another instance holds is named together with the variable that moves it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtServerArgs } from '../../../../test-support/built-server';
import { isAlive, runningPostmaster } from '../db/orphan-postmaster';

const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** A temporary DATA_DIR; as root the embedded PostgreSQL runs as the postgres user, which must be able to enter it. */
const temporaryDirs: string[] = [];
function temporaryDataDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'burgwall-embedded-'));
  chmodSync(dir, 0o755);
  temporaryDirs.push(dir);
  return dir;
}

/** `npm start`'s server: apps/server/dist/main.mjs, built before the tests. */
let serverArgs: string[] = [];

function startServer(env: Record<string, string>): Started {
  // Without DATABASE_URL the server starts its embedded PostgreSQL.
  const { DATABASE_URL: _external, ...inherited } = process.env;
  const child = spawn(process.execPath, serverArgs, {
    cwd: REPO_ROOT,
    env: { ...inherited, HOST: '127.0.0.1', SEED_DEMO: 'false', LOG_LEVEL: 'warn', WEB_DIST: '/nonexistent', APP_SECRET: 'burgwall-test-secret-0123456789', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitForHealth(port: number, started: Started, timeoutMs: number): Promise<number> {
  const begin = Date.now();
  while (Date.now() - begin < timeoutMs) {
    if (started.child.exitCode !== null) throw new Error(`server exited with ${started.child.exitCode}:\n${started.output()}`);
    const ok = await fetch(`http://127.0.0.1:${port}/services/health`).then((r) => r.ok, () => false);
    if (ok) return Date.now() - begin;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server did not serve within ${timeoutMs} ms:\n${started.output()}`);
}

describe('npm start with the embedded PostgreSQL', () => {
  beforeAll(async () => {
    serverArgs = await builtServerArgs();
  });

  const dataDir = temporaryDataDir();
  const databaseDir = path.join(dataDir, 'postgres');
  let running: Started | undefined;

  afterAll(async () => {
    if (running && running.child.exitCode === null) {
      running.child.kill('SIGTERM');
      await running.exited;
    }
    const orphan = runningPostmaster(databaseDir);
    if (orphan) process.kill(orphan.pid, 'SIGINT');
    for (const dir of temporaryDirs) rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('comes up again within 30 s after kill -9, and a second instance names the port it cannot have', async () => {
    const port = await freePort();
    const postgresPort = await freePort();
    const env = { DATA_DIR: dataDir, PORT: String(port), EMBEDDED_POSTGRES_PORT: String(postgresPort) };

    const first = startServer(env);
    running = first;
    await waitForHealth(port, first, 120_000);
    const orphan = runningPostmaster(databaseDir);
    expect(orphan?.port).toBe(postgresPort);

    first.child.kill('SIGKILL');
    await first.exited;
    // The situation of the bug: the postmaster outlives its server.
    expect(isAlive(orphan!.pid)).toBe(true);

    const second = startServer(env);
    running = second;
    const tookMs = await waitForHealth(port, second, 30_000);
    expect(tookMs).toBeLessThan(30_000);
    expect(second.output()).toContain('left running by a server that ended without shutting down');
    expect(isAlive(orphan!.pid)).toBe(false);

    // Same HTTP port: refused before touching the database, naming the port and PORT.
    const samePort = startServer({ ...env, DATA_DIR: temporaryDataDir() });
    expect(await samePort.exited).toBe(1);
    expect(samePort.output()).toContain(`port ${port} is already in use`);
    expect(samePort.output()).toContain('set PORT to a free port');
    expect(samePort.output()).not.toMatch(/^undefined$/m);

    // Another data directory on the taken PostgreSQL port: named with EMBEDDED_POSTGRES_PORT.
    const otherDir = temporaryDataDir();
    const samePostgresPort = startServer({ ...env, DATA_DIR: otherDir, PORT: String(await freePort()) });
    expect(await samePostgresPort.exited).toBe(1);
    expect(samePostgresPort.output()).toContain(`port ${postgresPort} is already in use`);
    expect(samePostgresPort.output()).toContain('set EMBEDDED_POSTGRES_PORT to a free port');

    // The same data directory while its server lives: refused, the running server's database left alone.
    const sameData = startServer({ ...env, PORT: String(await freePort()), EMBEDDED_POSTGRES_PORT: String(await freePort()) });
    expect(await sameData.exited).toBe(1);
    expect(sameData.output()).toContain(`belongs to the Burgwall server running as pid ${second.child.pid}`);
    expect(await fetch(`http://127.0.0.1:${port}/services/health`).then((r) => r.ok)).toBe(true);
  }, 240_000);
});
