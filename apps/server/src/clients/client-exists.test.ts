import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { insertProviderWithClient } from '../../../../test-support/tenants';

let test: TestApp;
let a: { providerId: string; clientId: string };
let b: { providerId: string; clientId: string };

beforeAll(async () => {
  test = await createTestApp();
  a = await insertProviderWithClient(test.database.db, { name: 'Bäckerei Sonnenschein' });
  b = await insertProviderWithClient(test.database.db, { name: 'Nur bei B GmbH' });
}, 60_000);
afterAll(() => test.close());

const exists = async (headers: Record<string, string>, query: string) => test.app.inject({ method: 'GET', url: `/client/exists?${query}`, headers });

describe('GET /client/exists (client-exists check)', () => {
  it('finds the provider’s own client by name, ignoring case and spaces, never another provider’s', async () => {
    const asA = await test.headersFor('serviceprovider', a.providerId);
    expect((await exists(asA, `name=${encodeURIComponent('  bäckerei SONNENSCHEIN ')}`)).json()).toEqual({ exists: true });
    expect((await exists(asA, `name=${encodeURIComponent('Nur bei B GmbH')}`)).json()).toEqual({ exists: false });
    expect((await exists(asA, `name=x&serviceproviderUUID=${b.providerId}`)).statusCode).toBe(404);
    const asAdmin = await test.headersFor('admin', null);
    expect((await exists(asAdmin, `name=${encodeURIComponent('Nur bei B GmbH')}&serviceproviderUUID=${b.providerId}`)).json()).toEqual({ exists: true });
    const noProvider = await exists(asAdmin, 'name=x');
    expect(noProvider.statusCode).toBe(400);
    expect(noProvider.json().detail).toBe('Bitte geben Sie den Dienstleister an (serviceproviderUUID).');
    expect((await exists(await test.headersFor('client', a.clientId), 'name=x')).statusCode).toBe(403);
    const empty = await exists(asA, 'name=');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().detail).toMatch(/^Der Name/);
  });
});
