import net from 'node:net';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../test-support/test-database';
import { TEST_APP_SECRET } from '../../../../test-support/test-app';
import { insertProviderWithClient } from '../../../../test-support/tenants';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createDb, type Db } from '../db/database';
import { createServices, type Services } from '../services';

// Regression test of the penetration test's finding "REST answers 500 instead of 503 while PostgreSQL is down": the
// server reaches PostgreSQL through a TCP proxy the test cuts and restores.

/** A TCP proxy to PostgreSQL that can drop every connection and refuse new ones, then come back on the same port. */
class CuttableProxy {
  #server: net.Server | undefined;
  readonly #sockets = new Set<net.Socket>();
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  async open(): Promise<void> {
    this.#server = net.createServer((socket) => {
      const upstream = net.connect(this.target.port, this.target.host);
      for (const end of [socket, upstream]) {
        this.#sockets.add(end);
        end.on('close', () => this.#sockets.delete(end));
        end.on('error', () => {});
      }
      socket.pipe(upstream).pipe(socket);
    });
    await new Promise<void>((resolve) => this.#server?.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.#server.address() as AddressInfo).port;
  }

  async cut(): Promise<void> {
    for (const socket of this.#sockets) socket.destroy();
    await new Promise((resolve) => this.#server?.close(resolve));
  }
}

let database: TestDatabase;
let proxy: CuttableProxy;
let db: Db;
let services: Services;
let app: FastifyInstance;
let clientId: string;
let headers: Record<string, string>;

beforeAll(async () => {
  database = await createTestDatabase();
  const target = new URL(database.url);
  proxy = new CuttableProxy({ host: target.hostname, port: Number(target.port || 5432) });
  await proxy.open();
  target.host = `127.0.0.1:${proxy.port}`;
  db = createDb(target.toString(), 3);
  services = await createServices(loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', SEED_DEMO: 'false', APP_SECRET: TEST_APP_SECRET }), db);
  app = await buildApp(services);
  ({ clientId } = await insertProviderWithClient(database.db, { name: 'Ausfall GmbH' }));
  headers = { authorization: `Bearer ${await services.tokens.issue({ userId: '00000000-0000-4000-8000-000000000001', email: 'a@b.test', roles: ['client'], orgId: clientId })}`, 'x-hasura-role': 'client' };
});
afterAll(async () => {
  await app.close();
  await db.destroy().catch(() => {});
  await database.drop();
});

it('answers 503 with a German detail and Retry-After while PostgreSQL is unreachable, and recovers', async () => {
  const before = await app.inject({ method: 'GET', url: `/client/${clientId}/ioe/states`, headers });
  expect(before.statusCode).toBe(200);
  await proxy.cut();
  for (const url of [`/client/${clientId}/ioe/states`, `/client/${clientId}/collector/health`]) {
    const down = await app.inject({ method: 'GET', url, headers });
    expect(down.statusCode, url).toBe(503);
    expect(down.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(down.json().detail).toMatch(/^Der Dienst ist vorübergehend nicht erreichbar/);
    expect(down.body).not.toMatch(/ECONNREFUSED|postgres|terminated/i);
    expect(Number(down.headers['retry-after'])).toBeGreaterThan(0);
  }
  await proxy.open();
  const after = await app.inject({ method: 'GET', url: `/client/${clientId}/ioe/states`, headers });
  expect(after.statusCode).toBe(200);
});
