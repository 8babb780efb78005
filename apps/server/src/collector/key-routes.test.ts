import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { insertProviderWithClient } from '../../../../test-support/tenants';
import { issueCollectorKey } from './collector-keys';

// The client's collector keys: listed with machine and last use, revoked (the collector is refused at once) and
// renewed (the old key stops, the new one works).

let test: TestApp;
let clientId: string;
let user: Record<string, string>;

beforeAll(async () => {
  test = await createTestApp();
  ({ clientId } = await insertProviderWithClient(test.services.db, { name: 'Schlüssel GmbH' }));
  user = await test.headersFor('client', clientId);
});
afterAll(() => test.close());

const collectorCall = (key: string, machine: string) =>
  test.app.inject({
    method: 'POST',
    url: `/client/${clientId}/collector/license`,
    headers: { authorization: `ApiKey ${key}`, 'x-burgwall-machine': machine, 'content-type': 'application/json' },
    payload: { machineCode: machine },
  });

it('lists, revokes and renews keys; a revoked key is refused at once', async () => {
  const first = await issueCollectorKey(test.services.db, clientId);
  expect((await collectorCall(first.key, 'machine-0001')).statusCode).toBe(200);
  const listed = await test.app.inject({ method: 'GET', url: `/client/${clientId}/collector/keys`, headers: user });
  expect(listed.json()).toEqual([
    expect.objectContaining({ keyId: first.keyId, prefix: first.key.slice(0, 10), machineCode: 'machine-0001', revokedAt: null, lastUsedAt: expect.any(String) }),
  ]);
  expect(listed.body).not.toContain(first.key);

  const rotated = await test.app.inject({ method: 'POST', url: `/client/${clientId}/collector/keys/${first.keyId}/rotate`, headers: user });
  const next = rotated.json() as { keyId: string; key: string };
  expect(next.key).toMatch(/^bwc_/);
  expect((await collectorCall(first.key, 'machine-0001')).statusCode).toBe(401);
  expect((await collectorCall(next.key, 'machine-0001')).statusCode).toBe(200);

  const revoked = await test.app.inject({ method: 'POST', url: `/client/${clientId}/collector/keys/${next.keyId}/revoke`, headers: user });
  expect(revoked.json()).toEqual({ message: 'Der Collector-Schlüssel wurde widerrufen.' });
  const refused = await collectorCall(next.key, 'machine-0001');
  expect(refused.statusCode).toBe(401);
  expect(refused.json().detail).toBe('Der Collector-Schlüssel ist ungültig oder wurde widerrufen.');
  const again = await test.app.inject({ method: 'POST', url: `/client/${clientId}/collector/keys/${next.keyId}/revoke`, headers: user });
  expect(again.statusCode).toBe(404);
});
