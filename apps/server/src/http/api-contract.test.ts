/**
 * The API contract over the WHOLE route table (recorded by route-table.ts, so routes added later are covered):
 * - OpenAPI at /openapi.json lists every REST route, each with a summary and its request and response schemas;
 * - every route with a tenant id in its path is registered in its tenant scope, every /admin route in the admin scope;
 * - every route answers input of wrong types with `application/problem+json` and a German `detail`, never a 500,
 *   and writes nothing.
 */
import { type MainRole, snapshotHeadSchema } from '@burgwall/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureHead } from '../../../../test-support/snapshot-fixtures';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { issueCollectorKey } from '../collector/collector-keys';
import { createClient } from '../clients/create-client';
import { type RouteEntry, routeTableOf } from '../route-table';
import { isRestRoute, NDJSON_CONTENT_TYPE } from './openapi';
import { beginSnapshot } from '../snapshots/snapshot-store';
import { createMember } from '../team/team-service';
import { CLIENT_PARAM, hasParam, PROVIDER_PARAM } from '../tenancy/tenant-scope';

const isRest = (route: RouteEntry) => isRestRoute(route.url) && route.method !== 'HEAD' && route.method !== 'OPTIONS';

/** German, not English: no English words that error texts typically contain. */
const ENGLISH = /\b(the|is|must|expected|invalid|required|not found|cannot|missing|error|failed|unknown|too)\b/i;

const toOpenApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{*}');

const OPEN_BATCH = 'vertrag-batch-0001';

let test: TestApp;
let tenant: { providerId: string; clientId: string; clientUserId: string; providerUserId: string; collectorKey: string };

beforeAll(async () => {
  test = await createTestApp({ SERVICE_API_KEY: 'contract-test-service-key-0123456789' });
  const db = test.database.db;
  const { serviceprovider_id_pk: providerId } = await db
    .insertInto('serviceprovider')
    .values({ serviceprovider_name: 'Vertrag GmbH' })
    .returning('serviceprovider_id_pk')
    .executeTakeFirstOrThrow();
  const clientId = await createClient(db, { serviceproviderId: providerId, name: 'Vertragskunde AG', employeeCount: 10 });
  const providerUserId = await createMember(db, { kind: 'serviceprovider', id: providerId }, { email: 'anbieter@vertrag.test', firstName: 'A', lastName: 'B' }, 'selfhosted');
  const clientUserId = await createMember(db, { kind: 'client', id: clientId }, { email: 'kunde@vertrag.test', firstName: 'K', lastName: 'B' }, 'selfhosted');
  const { key } = await issueCollectorKey(db, clientId);
  // An open snapshot upload, so its part and commit routes get as far as reading their (wrong) bodies.
  await beginSnapshot(db, clientId, OPEN_BATCH, snapshotHeadSchema.parse(fixtureHead()));
  tenant = { providerId, clientId, clientUserId, providerUserId, collectorKey: key };
}, 60_000);
afterAll(() => test.close());

function restRoutes(): RouteEntry[] {
  return routeTableOf(test.app).filter(isRest);
}

function schemaOf(route: RouteEntry): Record<string, unknown> {
  return (route.options.schema ?? {}) as Record<string, unknown>;
}

describe('OpenAPI', () => {
  it('lists every REST route of the route table with request and response schemas', async () => {
    const response = await test.app.inject({ url: '/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json() as { openapi: string; paths: Record<string, Record<string, { summary?: string; responses?: Record<string, unknown>; requestBody?: unknown }>> };
    expect(document.openapi).toBe('3.1.0');
    const documented = new Set(Object.entries(document.paths).flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`)));
    const routes = restRoutes().map((route) => `${route.method} ${toOpenApiPath(route.url)}`);
    expect(routes.filter((route) => !documented.has(route))).toEqual([]);
    expect([...documented].filter((operation) => !routes.includes(operation))).toEqual([]);

    const problems: string[] = [];
    for (const route of restRoutes()) {
      const schema = schemaOf(route);
      const operation = document.paths[toOpenApiPath(route.url)]?.[route.method.toLowerCase()];
      const success = Object.keys((schema.response ?? {}) as object).filter((code) => /^2/.test(code));
      if (success.length === 0) problems.push(`${route.method} ${route.url}: no response schema for its success answer`);
      if (['POST', 'PUT', 'PATCH'].includes(route.method) && !schema.body && !operation?.requestBody) problems.push(`${route.method} ${route.url}: no body schema`);
      if (/[:*]/.test(route.url) && !schema.params) problems.push(`${route.method} ${route.url}: no params schema`);
      if (!operation?.summary?.trim()) problems.push(`${route.method} ${route.url}: no summary`);
    }
    expect(problems).toEqual([]);
  });

  it('lists the API-token scheme on exactly the routes that accept API tokens, naming their scope', async () => {
    const document = (await test.app.inject({ url: '/openapi.json' })).json() as {
      components: { securitySchemes: Record<string, unknown> };
      paths: Record<string, Record<string, { description?: string; security?: Array<Record<string, unknown>> }>>;
    };
    expect(Object.keys(document.components.securitySchemes)).toContain('apiToken');
    const problems: string[] = [];
    let withScope = 0;
    for (const route of restRoutes()) {
      const operation = document.paths[toOpenApiPath(route.url)]?.[route.method.toLowerCase()];
      const scope = route.options.config?.apiTokenScope;
      const listed = (operation?.security ?? []).some((requirement) => 'apiToken' in requirement);
      if (scope) withScope++;
      if (Boolean(scope) !== listed) problems.push(`${route.method} ${route.url}: apiTokenScope ${scope ?? 'none'} but apiToken ${listed ? 'listed' : 'not listed'}`);
      if (scope && !operation?.description?.includes(scope)) problems.push(`${route.method} ${route.url}: description does not name ${scope}`);
    }
    expect(problems).toEqual([]);
    expect(withScope).toBeGreaterThanOrEqual(10);
  });

  it('serves the API reference page', async () => {
    const response = await test.app.inject({ url: '/api-docs', headers: { accept: 'text/html' } });
    expect([200, 302]).toContain(response.statusCode);
  });
});

describe('tenant scope as structure', () => {
  it('registers every route with a tenant id in its tenant scope and every /admin route in the admin scope', () => {
    const problems: string[] = [];
    for (const route of routeTableOf(test.app).filter((entry) => entry.method !== 'HEAD')) {
      const scope = route.options.config?.tenantScope;
      const tenantIds = hasParam(route.url, CLIENT_PARAM) || hasParam(route.url, PROVIDER_PARAM) || /:(clientId|providerId)\b/.test(route.url);
      if (tenantIds && !['client', 'serviceprovider', 'admin'].includes(scope ?? '')) problems.push(`${route.method} ${route.url}: tenant id outside a tenant scope`);
      if (route.url.startsWith('/admin') && scope !== 'admin') problems.push(`${route.method} ${route.url}: /admin route outside the admin scope`);
    }
    expect(problems).toEqual([]);
  });
});

/** A value of the wrong type for a JSON schema. */
function wrongValue(schema: Record<string, unknown> | undefined): unknown {
  const type = Array.isArray(schema?.type) ? (schema?.type as string[])[0] : schema?.type;
  switch (type) {
    case 'string':
      return { falsch: true };
    case 'number':
    case 'integer':
      return 'keine Zahl';
    case 'boolean':
      return 'vielleicht';
    case 'array':
      return 'keine Liste';
    case 'object':
      return 'kein Objekt';
    default:
      return [[['verschachtelt']]];
  }
}

function wrongObject(schema: Record<string, unknown> | undefined): Record<string, unknown> {
  const properties = (schema?.properties ?? {}) as Record<string, Record<string, unknown>>;
  const entries = Object.entries(properties).map(([name, property]) => [name, wrongValue(property)]);
  return entries.length > 0 ? Object.fromEntries(entries) : { unbekannt: [[['verschachtelt']]] };
}

function fill(url: string): string {
  const values: Record<string, string> = {
    clientUUID: tenant.clientId,
    serviceproviderUUID: tenant.providerId,
    userUUID: tenant.clientUserId,
    subscriptionId: 'sub_vertrag',
    provider: 'keycloak',
    batchId: OPEN_BATCH,
    partNo: '1',
  };
  return url
    .replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(values[name] ?? '00000000-0000-4000-8000-000000000000'))
    .replace(/\*$/, 'x');
}

/** Everything stored, as one fingerprint per table, to show a refused request changed nothing. */
async function fingerprint(): Promise<Map<string, string>> {
  const db = test.database.db;
  const tables = await sql<{ schema: string; name: string }>`
    SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
    WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')`.execute(db);
  const result = new Map<string, string>();
  for (const { schema, name } of tables.rows) {
    // Rate-limit counters count every attempt on purpose, refused ones included (brute force uses bad requests too).
    if (`${schema}.${name}` === 'public.rate_limit_hit') continue;
    // The job queue: a refused request must queue no job, but the server's own cron jobs (crash recovery every
    // minute, alert checks …) may run meanwhile; the queue's partitions repeat pgboss.job's rows.
    if (schema === 'pgboss' && name !== 'job') continue;
    const rows = schema === 'pgboss' ? sql`(SELECT * FROM pgboss.job WHERE name NOT IN (SELECT name FROM pgboss.schedule))` : sql.table(`${schema}.${name}`);
    const row = await sql<{ digest: string | null }>`SELECT md5(string_agg(t::text, '|' ORDER BY t::text)) AS digest FROM ${rows} t`.execute(db);
    result.set(`${schema}.${name}`, row.rows[0]?.digest ?? '');
  }
  return result;
}

async function headersFor(route: RouteEntry, role: MainRole = 'admin'): Promise<Record<string, string>> {
  const auth = route.options.config?.auth;
  if (auth === 'collector-key') return { authorization: `ApiKey ${tenant.collectorKey}` };
  if (route.url === '/services/ioe/data-change') return { authorization: 'contract-test-service-key-0123456789' };
  return test.headersFor(role, null, { userId: tenant.providerUserId });
}

describe('bad input', () => {
  it('answers wrong types on every route with German problem details, never a 500, and writes nothing', async () => {
    const before = await fingerprint();
    const problems: string[] = [];
    let checked = 0;
    for (const route of restRoutes()) {
      const schema = schemaOf(route);
      const document = (await test.app.inject({ url: '/openapi.json' })).json() as { paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: Record<string, unknown> }> }; parameters?: Array<{ in: string; name: string; schema?: Record<string, unknown> }> }>> };
      const operation = document.paths[toOpenApiPath(route.url)]?.[route.method.toLowerCase()];
      const bodySchema = operation?.requestBody?.content?.['application/json']?.schema;
      // A body of newline-delimited JSON (snapshot parts) is read line by line by its route: one line of wrong types.
      const lineSchema = operation?.requestBody?.content?.[NDJSON_CONTENT_TYPE]?.schema;
      const queryParameters = (operation?.parameters ?? []).filter((parameter) => parameter.in === 'query');
      if (!schema.body && !schema.querystring && !lineSchema) continue;
      checked++;
      const query = queryParameters.map((parameter) => `${encodeURIComponent(parameter.name)}=${encodeURIComponent(JSON.stringify(wrongValue(parameter.schema)))}`).join('&');
      const url = fill(route.url) + (query ? `?${query}` : '');
      const withBody = Boolean(schema.body);
      const body = lineSchema
        ? { 'content-type': NDJSON_CONTENT_TYPE, payload: `${JSON.stringify(wrongObject(lineSchema))}\n` }
        : withBody
          ? { 'content-type': 'application/json', payload: JSON.stringify(bodySchema?.type === 'object' || !bodySchema ? wrongObject(bodySchema) : wrongValue(bodySchema)) }
          : null;
      const response = await test.app.inject({
        method: route.method as 'POST',
        url,
        headers: { ...(await headersFor(route)), ...(body ? { 'content-type': body['content-type'] } : {}) },
        ...(body ? { payload: body.payload } : {}),
      });
      const label = `${route.method} ${route.url} -> ${response.statusCode}`;
      if (response.statusCode >= 500) problems.push(`${label}: server error ${response.body.slice(0, 200)}`);
      else if (response.statusCode < 400) problems.push(`${label}: accepted input of wrong types`);
      if (!String(response.headers['content-type']).startsWith('application/problem+json')) problems.push(`${label}: not application/problem+json (${response.headers['content-type']})`);
      else {
        const detail = String(response.json().detail ?? '');
        if (!detail || ENGLISH.test(detail)) problems.push(`${label}: detail not German: ${detail}`);
      }
    }
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(10);
    const after = await fingerprint();
    const changed = [...after].filter(([table, digest]) => before.get(table) !== digest).map(([table]) => table);
    expect(changed).toEqual([]);
  }, 240_000);

  it('answers unknown and malformed tenant ids with German problem details on every tenant route', async () => {
    const problems: string[] = [];
    for (const route of restRoutes().filter((entry) => hasParam(entry.url, CLIENT_PARAM) || hasParam(entry.url, PROVIDER_PARAM))) {
      for (const id of ['kein-uuid', '00000000-0000-4000-8000-000000000000']) {
        const url = fill(route.url).replace(tenant.clientId, id).replace(tenant.providerId, id);
        const response = await test.app.inject({ method: route.method as 'GET', url, headers: await headersFor(route, 'serviceprovider') });
        const label = `${route.method} ${route.url} [${id}] -> ${response.statusCode}`;
        if (response.statusCode < 400 || response.statusCode >= 500) problems.push(`${label}: expected a refusal`);
        if (!String(response.headers['content-type']).startsWith('application/problem+json')) problems.push(`${label}: not problem+json`);
        else if (ENGLISH.test(String(response.json().detail))) problems.push(`${label}: detail not German: ${response.json().detail}`);
      }
    }
    expect(problems).toEqual([]);
  }, 120_000);
});
