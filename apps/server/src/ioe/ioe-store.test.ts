import { checkRegistry } from '@burgwall/checks';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../test-support/test-database';
import { insertProviderWithClient } from '../../../../test-support/tenants';
import { clientDb } from '../db/client-db';
import { loadIoeStates } from './ioe-states';

let test: TestDatabase;

beforeAll(async () => {
  test = await createTestDatabase();
});
afterAll(() => test.drop());

it('creates the IoE settings rows with the client, and reading the states writes nothing', async () => {
  const { clientId } = await insertProviderWithClient(test.db);
  const own = clientDb(test.db, clientId);
  const rows = await own.selectFrom('ioe').select('ioe_type').execute();
  expect(rows.map((row) => row.ioe_type).sort()).toEqual(checkRegistry.map((check) => check.slug).sort());

  // A row gone (e.g. a check added by an update before the next evaluation) is not written back by a GET.
  await own.deleteFrom('ioe').where('ioe_type', '=', checkRegistry[0]!.slug).execute();
  const states = await loadIoeStates(test.db, clientId);
  expect(states.ioe).toHaveLength(checkRegistry.length - 1);
  expect(await own.selectFrom('ioe').select('ioe_type').execute()).toHaveLength(checkRegistry.length - 1);
});
