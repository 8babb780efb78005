import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { insertProviderWithClient } from '../../../../test-support/tenants';
import { CLIENT_MIGRATING_DETAIL, markClientCurrent, markClientsMigrating } from './client-schema-gate';

let test: TestApp;
let migratingClient: string;
let currentClient: string;

beforeAll(async () => {
  test = await createTestApp();
  ({ clientId: migratingClient } = await insertProviderWithClient(test.database.db));
  ({ clientId: currentClient } = await insertProviderWithClient(test.database.db));
}, 60_000);
afterAll(() => test.close());

const states = async (clientId: string, orgId: string) =>
  test.app.inject({ method: 'GET', url: `/client/${clientId}/ioe/states`, headers: await test.headersFor('client', orgId) });

it('serves a client whose schema is still being migrated with 503 and a German detail, and normally once it is current', async () => {
  markClientsMigrating([migratingClient]);
  const waiting = await states(migratingClient, migratingClient);
  expect(waiting.statusCode).toBe(503);
  expect(waiting.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(waiting.json()).toMatchObject({ detail: CLIENT_MIGRATING_DETAIL, type: 'urn:burgwall:problem:client-migrating' });
  // Other clients are served meanwhile.
  expect((await states(currentClient, currentClient)).statusCode).toBe(200);

  markClientCurrent(migratingClient);
  expect((await states(migratingClient, migratingClient)).statusCode).toBe(200);
});
