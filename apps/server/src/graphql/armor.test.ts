import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse, specifiedRules, validate } from 'graphql';
import { createClient } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { insertProviderWithClient } from '../../../../test-support/tenants';
import { armorValidationRules, GRAPHQL_LIMITS, validateWithArmor } from './armor';
import { GRAPHQL_PATH } from './register-graphql';
import { graphqlSchema } from './schema';

// Regression tests of the penetration test's finding "one GraphQL request stalls the server".

let test: TestApp;
let clientId: string;
let headers: Record<string, string>;

beforeAll(async () => {
  test = await createTestApp({ PUBLIC_URL: 'https://app.burgwall.test' });
  ({ clientId } = await insertProviderWithClient(test.services.db, { name: 'Armor GmbH' }));
  headers = { ...(await test.headersFor('client', clientId)), 'content-type': 'application/json' };
});
afterAll(() => test.close());

async function post(query: string, extraHeaders: Record<string, string> = {}) {
  const startedAt = performance.now();
  const response = await test.app.inject({ method: 'POST', url: GRAPHQL_PATH, headers: { ...headers, ...extraHeaders }, payload: { query, variables: { id: clientId } } });
  return { response, body: response.json() as { data?: unknown; errors?: { message: string }[] }, ms: performance.now() - startedAt };
}

const explorerCall = (alias: string) => `${alias}: explorer(clientId: $id, kind: user) { total objects { name memberOf members } }`;

describe('GraphQL limits (graphql-armor)', () => {
  it('refuses an alias bomb fast, before any resolver runs, in German', async () => {
    const bomb = `query ($id: ID!) { ${Array.from({ length: 10 }, (_, i) => explorerCall(`a${i}`)).join(' ')} }`;
    // The first request of a fresh app compiles the schema's code paths: measure the refusal, not the warm-up.
    await post('query { __typename }');
    const { body, ms } = await post(bomb);
    expect(body.data ?? null).toBeNull();
    expect(body.errors?.[0]?.message).toMatch(/^Die GraphQL-Anfrage ist zu groß: mehr als \d+ Aliase/);
    expect(ms).toBeLessThan(500);
  });

  it('refuses a depth bomb, a token bomb and a directive bomb', async () => {
    const nested = `query { __schema { types { fields { type { ofType { ofType { ofType { ofType { ofType { name } } } } } } } } } }`;
    expect((await post(nested)).body.errors?.[0]?.message).toMatch(/tiefer als \d+ Ebenen/);
    const tokens = `query ($id: ID!) { client_by_pk(client_id_pk: $id) { ${'__typename '.repeat(GRAPHQL_LIMITS.maxTokens)} } }`;
    expect((await post(tokens)).body.errors?.[0]?.message).toMatch(/^Die GraphQL-Anfrage ist zu groß/);
    const directives = `query ($id: ID!) { client_by_pk(client_id_pk: $id) { __typename ${'@include(if: true) '.repeat(GRAPHQL_LIMITS.maxDirectives + 1)} } }`;
    expect((await post(directives)).body.errors?.[0]?.message).toMatch(/mehr als \d+ Direktiven/);
  });

  it('refuses the alias bomb over the WebSocket too', async () => {
    const url = await test.app.listen({ port: 0, host: '127.0.0.1' });
    const client = createClient({ url: `${url.replace(/^http/, 'ws')}${GRAPHQL_PATH}`, webSocketImpl: WebSocket, connectionParams: { headers }, retryAttempts: 0 });
    try {
      const bomb = `subscription ($id: ID!) { ioaEvents(clientId: $id) { ${Array.from({ length: 10 }, (_, i) => `a${i}: title`).join(' ')} } }`;
      const errors = await new Promise<unknown>((resolve) => {
        client.subscribe({ query: bomb, variables: { id: clientId } }, { next: () => {}, error: resolve, complete: () => resolve([]) });
      });
      expect(JSON.stringify(errors)).toMatch(/mehr als \d+ Aliase/);
    } finally {
      await client.dispose();
    }
  });

  it('lets every query the web app sends through', () => {
    const documents = webAppOperations();
    expect(documents.length).toBeGreaterThanOrEqual(6);
    for (const { file, source } of documents) {
      const errors = validateWithArmor(() => validate(graphqlSchema, parse(source, { maxTokens: GRAPHQL_LIMITS.maxTokens }), [...specifiedRules, ...armorValidationRules()]));
      expect(errors.map((error) => error.message), file).toEqual([]);
    }
  });
});

describe('GraphQL time limit', () => {
  let slow: TestApp;
  beforeAll(async () => {
    slow = await createTestApp({ GRAPHQL_TIME_LIMIT_MS: '1' });
  });
  afterAll(() => slow.close());

  it('answers an operation that runs too long with a German error', async () => {
    const { clientId: id } = await insertProviderWithClient(slow.services.db, { name: 'Langsam GmbH' });
    const response = await slow.app.inject({
      method: 'POST',
      url: GRAPHQL_PATH,
      headers: { ...(await slow.headersFor('client', id)), 'content-type': 'application/json' },
      payload: { query: `query ($id: ID!) { ${explorerCall('e')} }`, variables: { id } },
    });
    expect(response.json().errors?.[0]?.message).toMatch(/^Die GraphQL-Anfrage hat länger als \d+ Sekunden gedauert/);
  });
});

describe('GraphQL CORS', () => {
  it('answers credentialed cross-origin requests only for PUBLIC_URL', async () => {
    const preflight = (origin: string) =>
      test.app.inject({ method: 'OPTIONS', url: GRAPHQL_PATH, headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization' } });
    // A foreign origin never gets itself echoed (before: any Origin was reflected with credentials).
    expect((await preflight('https://evil.test')).headers['access-control-allow-origin']).not.toBe('https://evil.test');
    const foreign = await post('query { __typename }', { origin: 'https://evil.test' });
    expect(foreign.response.headers['access-control-allow-origin']).not.toBe('https://evil.test');
    const own = await preflight('https://app.burgwall.test');
    expect(own.headers['access-control-allow-origin']).toBe('https://app.burgwall.test');
    expect(own.headers['access-control-allow-credentials']).toBe('true');
  });
});

/** The GraphQL documents in the web app's sources (template literals, with their `${CONSTANT}` parts filled in). */
function webAppOperations(): { file: string; source: string }[] {
  const webSrc = path.resolve(import.meta.dirname, '../../../web/src');
  const files = readdirSync(webSrc, { recursive: true, encoding: 'utf8' }).filter((file) => /\.tsx?$/.test(file) && !file.includes('.test.'));
  const operations: { file: string; source: string }[] = [];
  for (const file of files) {
    const text = readFileSync(path.join(webSrc, file), 'utf8');
    const constants = new Map([...text.matchAll(/const (\w+) = (?:`([^`]*)`|'([^']*)')/g)].map((match) => [match[1] ?? '', match[2] ?? match[3] ?? '']));
    for (const literal of constants.values()) {
      if (!/^\s*(query|subscription|mutation)\b/.test(literal)) continue;
      operations.push({ file, source: literal.replace(/\$\{(\w+)\}/g, (_whole, name: string) => constants.get(name) ?? '') });
    }
  }
  return operations;
}
