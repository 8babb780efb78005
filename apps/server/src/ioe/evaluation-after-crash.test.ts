import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { builtServerArgs } from '../../../../test-support/built-server';
import { jobsOf } from '../../../../test-support/jobs';
import { TEST_APP_SECRET } from '../../../../test-support/test-app';
import { createTestDatabase, type TestDatabase } from '../../../../test-support/test-database';
import { insertProviderWithClient } from '../../../../test-support/tenants';
import { issueCollectorKey } from '../collector/collector-keys';
import { clientDb } from '../db/client-db';
import { IOE_EVALUATION_JOB } from './evaluation-jobs';

// kill -9 of a real server process (its own Node process, real PostgreSQL) while the evaluation of a stored snapshot
// runs: after a restart the job runs again and the score appears.

const SERVER_DIR = path.resolve(import.meta.dirname, '..', '..');
let database: TestDatabase;
let clientId: string;
let key: string;
let server: ChildProcess | undefined;

async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as { port: number };
  probe.close();
  return port;
}

/** The built server (`npm start`) against the test database; resolves once it answers HTTP. */
async function startServer(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, await builtServerArgs(), {
    cwd: SERVER_DIR,
    env: { ...process.env, DATABASE_URL: database.url, PORT: String(port), HOST: '127.0.0.1', APP_SECRET: TEST_APP_SECRET, SEED_DEMO: 'false', LOG_LEVEL: 'warn', WEB_DIST: '/nonexistent' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const up = await fetch(`http://127.0.0.1:${port}/services/health`).then(
      () => true,
      () => false,
    );
    if (up) return child;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('server did not start within 90 s');
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

beforeAll(async () => {
  database = await createTestDatabase();
  ({ clientId } = await insertProviderWithClient(database.db, { name: 'Absturz GmbH' }));
  ({ key } = await issueCollectorKey(database.db, clientId));
});
afterAll(async () => {
  server?.kill('SIGKILL');
  // DROP DATABASE waits for a checkpoint, which takes minutes on a busy machine.
  await database.drop();
}, 300_000);

const SID = 'S-1-5-21-7-8-9';
const snapshot = {
  schemaVersion: 1,
  collectedAt: '2026-11-25T08:00:00.000Z',
  collectorVersion: '1.0.0',
  highestUsn: 10,
  domain: {
    distinguishedName: 'DC=crash,DC=local', dnsName: 'crash.local', objectSid: SID, objectGuid: '30000000-0000-4000-8000-000000000000',
    minPasswordLength: 5, passwordHistoryLength: 0, maxPasswordAgeDays: 0, minPasswordAgeDays: 0, passwordProperties: 0,
    lockoutThreshold: 0, lockoutDurationMinutes: null, lockoutObservationWindowMinutes: null, machineAccountQuota: 10,
    domainFunctionalLevel: 7, forestFunctionalLevel: 7,
  },
  // Pre-authentication off (DONT_REQ_PREAUTH): an AS-REP roasting finding once evaluated.
  users: [{ objectGuid: '30000000-0000-4000-8000-000000000001', distinguishedName: 'CN=Roast,CN=Users,DC=crash,DC=local', objectSid: `${SID}-1105`, sAMAccountName: 'roast', userAccountControl: 512 + 0x400000, primaryGroupId: 513 }],
  computers: [],
  groups: [],
  organizationalUnits: [],
  gpos: [],
};

it('runs the evaluation of a stored snapshot after kill -9 and restart, and the score appears', { timeout: 300_000 }, async () => {
  const port = await freePort();
  server = await startServer(port);

  // Holds the lock the evaluation takes to write its findings: the server's run stops right before it writes.
  const blocker = await database.db.connection().execute(async (connection) => {
    await sql`SELECT pg_advisory_lock(hashtext(${`ioe:${clientId}`}))`.execute(connection);
    const response = await fetch(`http://127.0.0.1:${port}/client/${clientId}/collector/snapshot`, {
      method: 'POST',
      headers: { authorization: `ApiKey ${key}`, 'content-type': 'application/json', 'content-encoding': 'gzip' },
      body: new Uint8Array(gzipSync(JSON.stringify({ batchId: 'crash-batch-0001', snapshot }))),
    });
    // The upload answers once the snapshot is stored, without waiting for the evaluation.
    expect(response.status).toBe(201);
    await until('the evaluation to wait for the lock', async () => {
      const { rows } = await sql<{ waiting: number }>`SELECT count(*)::int AS waiting FROM pg_locks WHERE locktype = 'advisory' AND NOT granted`.execute(connection);
      return rows[0]?.waiting === 1 ? true : undefined;
    });
    expect((await jobsOf(database.db, [IOE_EVALUATION_JOB])).map((job) => job.state)).toEqual(['active']);
    server?.kill('SIGKILL');
    await once(server as ChildProcess, 'exit');
    await sql`SELECT pg_advisory_unlock(hashtext(${`ioe:${clientId}`}))`.execute(connection);
    return 'released';
  });
  expect(blocker).toBe('released');

  const client = await database.db.selectFrom('client').select('client_security_score').where('client_id_pk', '=', clientId).executeTakeFirstOrThrow();
  expect(client.client_security_score).toBeNull();
  expect(await clientDb(database.db, clientId).selectFrom('finding').select('object_key').execute()).toEqual([]);

  server = await startServer(port);
  const score = await until('the score after the restart', async () => {
    const row = await database.db.selectFrom('client').select('client_security_score').where('client_id_pk', '=', clientId).executeTakeFirstOrThrow();
    return row.client_security_score ?? undefined;
  });
  expect(Number(score)).toBeGreaterThanOrEqual(0);
  const findings = await clientDb(database.db, clientId).selectFrom('finding').select('object_name').execute();
  expect(findings.map((finding) => finding.object_name)).toContain('roast');
  server.kill('SIGTERM');
  await once(server, 'exit');
  server = undefined;
});
