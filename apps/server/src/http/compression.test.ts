import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { insertProviderWithClient } from '../../../../test-support/tenants';
import { GRAPHQL_PATH } from '../graphql/register-graphql';
import { createClient } from '../clients/create-client';

// Answers come compressed to callers that accept it (every browser): the dashboard's pre-compressed IoE states, any
// other JSON above 1 KB compressed per answer, small answers and non-accepting callers as they are.

let test: TestApp;
let clientId: string;
let providerId: string;

beforeAll(async () => {
  test = await createTestApp();
  ({ clientId, providerId } = await insertProviderWithClient(test.services.db, { name: 'Kompression GmbH' }));
});
afterAll(() => test.close());

async function get(url: string, headers: Record<string, string>) {
  const response = await test.app.inject({ method: 'GET', url, headers });
  return { status: response.statusCode, headers: response.headers, raw: response.rawPayload };
}

it('sends the dashboard answer in the encoding the caller prefers, the same JSON in each, and plain JSON to others', async () => {
  const asClient = await test.headersFor('client', clientId);
  const url = `/client/${clientId}/ioe/states`;
  const plain = await get(url, asClient);
  expect(plain.status).toBe(200);
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.headers.vary).toMatch(/accept-encoding/i);
  const json = plain.raw.toString('utf8');
  expect(JSON.parse(json).ioe.length).toBeGreaterThan(40);

  const br = await get(url, { ...asClient, 'accept-encoding': 'gzip, deflate, br, zstd' });
  expect(br.headers['content-encoding']).toBe('br');
  expect(brotliDecompressSync(br.raw).toString('utf8')).toBe(json);
  expect(br.raw.length).toBeLessThan(json.length / 4);

  // q-values decide: gzip preferred over Brotli.
  const gzip = await get(url, { ...asClient, 'accept-encoding': 'br;q=0.5, gzip' });
  expect(gzip.headers['content-encoding']).toBe('gzip');
  expect(gunzipSync(gzip.raw).toString('utf8')).toBe(json);

  // The kept answer again (compressed once): the same bytes.
  expect((await get(url, { ...asClient, 'accept-encoding': 'br' })).raw.equals(br.raw)).toBe(true);
  expect((await get(url, { ...asClient, 'accept-encoding': 'identity' })).headers['content-encoding']).toBeUndefined();
});

it('compresses other JSON answers above 1 KB and leaves small ones (GraphQL too) as they are', async () => {
  const asProvider = await test.headersFor('serviceprovider', providerId);
  // One card: well below 1 KB.
  const cards = await get(`/serviceprovider/${providerId}/clients`, { ...asProvider, 'accept-encoding': 'br' });
  expect(cards.status).toBe(200);
  expect(cards.raw.length).toBeLessThan(1024);
  expect(cards.headers['content-encoding']).toBeUndefined();
  expect(JSON.parse(cards.raw.toString('utf8'))).toHaveLength(1);
  // Six cards: above it.
  for (let n = 2; n <= 6; n++) await createClient(test.services.db, { serviceproviderId: providerId, name: `Kompression ${n} GmbH`, employeeCount: 10 });
  const more = await get(`/serviceprovider/${providerId}/clients`, { ...asProvider, 'accept-encoding': 'gzip' });
  expect(more.headers['content-encoding']).toBe('gzip');
  expect(JSON.parse(gunzipSync(more.raw).toString('utf8'))).toHaveLength(6);

  const graphql = await test.app.inject({
    method: 'POST',
    url: GRAPHQL_PATH,
    headers: { ...(await test.headersFor('client', clientId)), 'content-type': 'application/json', 'accept-encoding': 'gzip, br' },
    payload: JSON.stringify({ query: `query ($id: ID!) { client_by_pk(client_id_pk: $id) { client_name } }`, variables: { id: clientId } }),
  });
  expect(graphql.statusCode).toBe(200);
  expect(graphql.headers['content-encoding']).toBeUndefined();
  expect(graphql.json()).toEqual({ data: { client_by_pk: { client_name: 'Kompression GmbH' } } });
});
