import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createTestDatabase, type TestDatabase } from '../../../../test-support/test-database';
import { TEST_APP_SECRET } from '../../../../test-support/test-app';
import { insertProviderWithClient } from '../../../../test-support/tenants';
import { buildApp } from '../app';
import { issueCollectorKey } from '../collector/collector-keys';
import { createServices } from '../services';
import { issueSetPasswordToken } from '../team/action-tokens';
import { upsertUser } from '../auth/users';

// Regression test of the penetration test's finding "set-password links are logged in full": a flow at trace level
// issues secrets (set-password link, access token, collector key, passwords) and none of them reaches the log.

let database: TestDatabase;
const lines: string[] = [];
/** Every secret the flow issued. */
const issued: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

it('logs no issued secret anywhere', async () => {
  const config = loadConfig({ LOG_LEVEL: 'trace', WEB_DIST: '/nonexistent', SEED_DEMO: 'false', APP_SECRET: TEST_APP_SECRET });
  const services = await createServices(config, database.db);
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => lines.push(chunk.toString('utf8')));
  const app = await buildApp(services, { logStream: stream });
  try {
    const { clientId } = await insertProviderWithClient(database.db, { name: 'Log GmbH' });
    const password = 'Geheim-Passwort-2026!';
    const userId = await upsertUser(database.db, { email: 'log@kunde.test', password: 'Alt-Passwort-2026!', roles: ['client'], clientId });
    const linkToken = await issueSetPasswordToken(database.db, userId);
    const accessToken = await services.tokens.issue({ userId, email: 'log@kunde.test', roles: ['client'], orgId: clientId });
    const { key } = await issueCollectorKey(database.db, clientId);
    issued.push(password, linkToken, accessToken, key);

    await app.inject({ method: 'GET', url: `/account/password?token=${linkToken}` });
    await app.inject({
      method: 'POST',
      url: '/account/password',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ token: linkToken, password, confirm: password }).toString(),
    });
    await app.inject({ method: 'GET', url: `/client/${clientId}/ioe/states`, headers: { authorization: `Bearer ${accessToken}`, 'x-hasura-role': 'client' } });
    await app.inject({ method: 'POST', url: `/client/${clientId}/collector/license`, headers: { authorization: `ApiKey ${key}`, 'content-type': 'application/json' }, payload: { machineCode: 'log-machine-01' } });
    await app.inject({ method: 'GET', url: `/client/${clientId}/collector/config?apiKey=${key}`, headers: { authorization: key, 'x-burgwall-machine': 'log-machine-01' } });
  } finally {
    await app.close();
  }
  const log = lines.join('');
  expect(log).toContain('/account/password?token=%5Bredacted%5D');
  expect(log.length).toBeGreaterThan(1000);
  const secrets = log.match(/bwc_[A-Za-z0-9_-]{20,}|eyJ[A-Za-z0-9_-]{20,}|Geheim-Passwort-2026!/g) ?? [];
  expect(secrets).toEqual([]);
  for (const secret of issued) expect(log.includes(secret), secret.slice(0, 6)).toBe(false);
});
