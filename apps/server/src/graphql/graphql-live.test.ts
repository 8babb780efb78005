import type { AttributeChange } from '@burgwall/shared';
import type { FastifyInstance } from 'fastify';
import { createClient, type Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { insertProviderWithClient } from '../../../../test-support/tenants';
import { demoSnapshot } from '../demo/demo-snapshots';
import { saveSnapshot } from '../snapshots/snapshot-store';
import { buildApp } from '../app';
import { storeChangesUpload } from '../collector/upload-service';
import { clientDb } from '../db/client-db';
import { createDb, type Db } from '../db/database';
import { createServices, type Services } from '../services';
import { GRAPHQL_PATH } from './register-graphql';

/**
 * Two real server instances on one database, real WebSockets: what one instance ingests reaches subscribers on the
 * other (PostgreSQL LISTEN/NOTIFY), and only those of the same tenant.
 */
let first: TestApp;
let secondDb: Db;
let second: FastifyInstance;
let secondServices: Services;
let firstUrl: string;
let secondUrl: string;
let tenantA: { providerId: string; clientId: string };
let tenantB: { providerId: string; clientId: string };
const clients: Client[] = [];

beforeAll(async () => {
  first = await createTestApp();
  secondDb = createDb(first.database.url, 3);
  secondServices = await createServices(first.services.config, secondDb);
  second = await buildApp(secondServices);
  firstUrl = await first.app.listen({ port: 0, host: '127.0.0.1' });
  secondUrl = await second.listen({ port: 0, host: '127.0.0.1' });
  tenantA = await insertProviderWithClient(first.services.db, { name: 'Mandant A GmbH' });
  tenantB = await insertProviderWithClient(first.services.db, { name: 'Mandant B GmbH' });
  // Detectors know Domain Admins by its SID (-512) from the newest snapshot, never by its name.
  for (const tenant of [tenantA, tenantB]) await saveSnapshot(first.services.db, tenant.clientId, 'live-snapshot', demoSnapshot('small', 'lab.local'));
});

afterAll(async () => {
  for (const client of clients) await client.dispose();
  await second.close();
  await secondDb.destroy();
  await first.close();
});

function wsClient(baseUrl: string, headers: Record<string, string>, onClosed?: (code: number) => void): Client {
  const client = createClient({
    url: `${baseUrl.replace(/^http/, 'ws')}${GRAPHQL_PATH}`,
    webSocketImpl: WebSocket,
    connectionParams: { headers },
    retryAttempts: 0,
    lazy: true,
    on: { closed: (event) => onClosed?.((event as { code: number }).code) },
  });
  clients.push(client);
  return client;
}

interface Received {
  events: { clientId: string; title: string; detector: string }[];
  errors: unknown[];
  ready: Promise<void>;
}

/** Subscribes to a client's IoA events and collects what arrives. */
function subscribe(client: Client, clientId: string): Received {
  const received: Received = { events: [], errors: [], ready: Promise.resolve() };
  client.subscribe<{ ioaEvents: Received['events'][number] }>(
    { query: `subscription ($id: ID!) { ioaEvents(clientId: $id) { clientId title detector } }`, variables: { id: clientId } },
    {
      next: (result) => {
        if (result.data) received.events.push(result.data.ioaEvents);
        if (result.errors) received.errors.push(...result.errors);
      },
      error: (error) => received.errors.push(error),
      complete: () => {},
    },
  );
  return received;
}

const memberAdded = (usn: number, member: string): AttributeChange => ({
  objectGuid: '6f1c2a47-52a4-4d3c-9a55-0c7e9b3f1a01',
  objectClass: 'group',
  distinguishedName: 'CN=Domain Admins,CN=Users,DC=lab,DC=local',
  propertyName: 'member',
  oldValue: null,
  newValue: member,
  timestamp: new Date().toISOString(),
  usn,
});

/** The collector's path: the changes stored together with their IoA evaluation job, which a worker then runs. */
async function ingest(services: Services, clientId: string, changes: AttributeChange[]): Promise<void> {
  await storeChangesUpload(services, clientId, { changes, domainObjectGuid: null }, null);
}

async function until(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Subscriptions are live once the server LISTENs; wait for the hub of the instance. */
async function listening(services: Services, count: number): Promise<void> {
  await until(() => services.live.listenerCount >= count);
  await new Promise((resolve) => setTimeout(resolve, 100));
}

describe('IoA subscription across instances and tenants', () => {
  it('delivers a tenant’s IoA events only to that tenant’s subscribers, from whichever instance ingested them', async () => {
    const userA = wsClient(secondUrl, await first.headersFor('client', tenantA.clientId));
    const userB = wsClient(secondUrl, await first.headersFor('client', tenantB.clientId));
    const providerA = wsClient(firstUrl, await first.headersFor('serviceprovider', tenantA.providerId));
    const seenByA = subscribe(userA, tenantA.clientId);
    const seenByB = subscribe(userB, tenantB.clientId);
    const seenByProviderA = subscribe(providerA, tenantA.clientId);
    await listening(secondServices, 2);
    await listening(first.services, 1);

    // Ingested on the first instance; the A and B subscribers sit on the second.
    await ingest(first.services, tenantB.clientId, [memberAdded(10, 'CN=Geheim-B,CN=Users,DC=lab,DC=local')]);
    await ingest(first.services, tenantA.clientId, [memberAdded(11, 'CN=Mallory-A,CN=Users,DC=lab,DC=local')]);
    await until(() => seenByA.events.length >= 1 && seenByB.events.length >= 1 && seenByProviderA.events.length >= 1);
    await new Promise((resolve) => setTimeout(resolve, 300)); // anything misrouted would arrive by now

    expect(seenByA.events).toEqual([{ clientId: tenantA.clientId, detector: 'privileged-group-member-added', title: 'Mallory-A zu „Domain Admins“ hinzugefügt' }]);
    expect(seenByProviderA.events).toEqual(seenByA.events);
    expect(seenByB.events).toHaveLength(1);
    expect(seenByB.events[0]?.clientId).toBe(tenantB.clientId);
    expect(JSON.stringify(seenByA.events)).not.toContain('Geheim-B');
    expect([...seenByA.errors, ...seenByB.errors]).toEqual([]);
  });

  it('refuses a subscription to another tenant’s client', async () => {
    const userA = wsClient(secondUrl, await first.headersFor('client', tenantA.clientId));
    const foreign = subscribe(userA, tenantB.clientId);
    await until(() => foreign.errors.length > 0);
    expect(JSON.stringify(foreign.errors)).toContain('Der Kunde wurde nicht gefunden oder Sie haben keinen Zugriff auf ihn.');
    expect(foreign.events).toEqual([]);
  });

  it('closes the WebSocket with 4403 for an x-hasura-role the token does not allow, and 4401 without a token', async () => {
    const codes: number[] = [];
    const headers = await first.headersFor('client', tenantA.clientId);
    const escalating = wsClient(firstUrl, { ...headers, 'x-hasura-role': 'admin' }, (code) => codes.push(code));
    const attempt = subscribe(escalating, tenantB.clientId);
    const anonymous = wsClient(firstUrl, {}, (code) => codes.push(code));
    subscribe(anonymous, tenantA.clientId);
    await until(() => codes.length === 2);
    expect(codes.sort()).toEqual([4401, 4403]);
    expect(attempt.events).toEqual([]);
  });
});

describe('GraphQL over HTTP', () => {
  const post = async (headers: Record<string, string>, query: string, variables: Record<string, unknown> = {}) => {
    const response = await fetch(`${firstUrl}${GRAPHQL_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ query, variables }),
    });
    return { status: response.status, body: (await response.json()) as { data?: Record<string, unknown>; errors?: { message: string }[] } };
  };

  it('refuses a wrong x-hasura-role with 403', async () => {
    const headers = await first.headersFor('client', tenantA.clientId);
    const response = await post({ ...headers, 'x-hasura-role': 'admin' }, '{ ioaDetectors { slug } }');
    expect(response.status).toBe(403);
    expect(response.body.errors?.[0]?.message).toBe('Die Rolle „admin“ ist mit diesem Zugriffstoken nicht erlaubt.');
  });

  it('answers the client query by client_id_pk, with its lists, for the own client only', async () => {
    const own = clientDb(first.services.db, tenantA.clientId);
    await own.updateTable('status_collector').set({ version: '2.4.0' }).execute();
    await own
      .insertInto('domain')
      .values(['lab.local', 'contoso.onmicrosoft.com'].map((name) => ({ domain_name: name, domain_distinguished_name: null, domain_object_guid: null, domain_entra_plan: name.endsWith('.local') ? null : 'P2', created_at: new Date() })))
      .execute();
    const headers = await first.headersFor('client', tenantA.clientId);
    const query = `query ($id: ID!) { client_by_pk(client_id_pk: $id) { client_id_pk client_name client_mode client_initialized status_collector { version } domains { domain_name domain_entra_plan } } }`;
    const answer = await post(headers, query, { id: tenantA.clientId });
    expect(answer.body.data?.client_by_pk).toMatchObject({
      client_id_pk: tenantA.clientId,
      client_name: 'Mandant A GmbH',
      status_collector: [{ version: '2.4.0' }],
      domains: [
        { domain_name: 'contoso.onmicrosoft.com', domain_entra_plan: 'P2' },
        { domain_name: 'lab.local', domain_entra_plan: null },
      ],
    });
    const foreign = await post(headers, query, { id: tenantB.clientId });
    expect(foreign.body.data?.client_by_pk).toBeNull();
    const provider = await post(await first.headersFor('serviceprovider', tenantB.providerId), `query ($id: ID!) { serviceprovider_by_pk(serviceprovider_id_pk: $id) { serviceprovider_name } }`, { id: tenantB.providerId });
    expect(provider.body.data?.serviceprovider_by_pk).toEqual({ serviceprovider_name: 'Test-Anbieter GmbH' });
  });

  it('pages through the change history and security log of the own client, and refuses a foreign one', async () => {
    const headers = await first.headersFor('client', tenantA.clientId);
    await ingest(first.services, tenantA.clientId, [
      { ...memberAdded(20, 'CN=Eins,CN=Users,DC=lab,DC=local'), propertyName: 'description', timestamp: '2026-11-20T10:00:00.000Z' },
      { ...memberAdded(21, 'CN=Zwei,CN=Users,DC=lab,DC=local'), propertyName: 'description', timestamp: '2026-11-21T10:00:00.000Z' },
    ]);
    const query = `query ($id: ID!, $after: String) { changes(clientId: $id, first: 1, after: $after, filter: { propertyName: "description", search: "domain admins" }) { nodes { newValue isIoa } pageInfo { endCursor hasNextPage } } }`;
    const page1 = await post(headers, query, { id: tenantA.clientId });
    const changes1 = page1.body.data?.changes as { nodes: { newValue: string }[]; pageInfo: { endCursor: string; hasNextPage: boolean } };
    expect(changes1.nodes.map((n) => n.newValue)).toEqual(['CN=Zwei,CN=Users,DC=lab,DC=local']);
    expect(changes1.pageInfo.hasNextPage).toBe(true);
    const page2 = await post(headers, query, { id: tenantA.clientId, after: changes1.pageInfo.endCursor });
    expect((page2.body.data?.changes as typeof changes1).nodes.map((n) => n.newValue)).toEqual(['CN=Eins,CN=Users,DC=lab,DC=local']);

    const log = await post(headers, `query ($id: ID!) { ioaEvents(clientId: $id, first: 10) { nodes { clientId severity detectorTitle } } }`, { id: tenantA.clientId });
    expect((log.body.data?.ioaEvents as { nodes: unknown[] }).nodes).toContainEqual({ clientId: tenantA.clientId, severity: 'critical', detectorTitle: 'Mitglied zu privilegierter Gruppe hinzugefügt' });
    const foreign = await post(headers, `query ($id: ID!) { ioaEvents(clientId: $id) { nodes { id } } }`, { id: tenantB.clientId });
    expect(foreign.body.data).toBeNull();
    expect(foreign.body.errors?.[0]?.message).toBe('Der Kunde wurde nicht gefunden oder Sie haben keinen Zugriff auf ihn.');
  });
});

describe('admin view of attacks', () => {
  const adminQuery = `{ adminIoaEvents(first: 50) { nodes { clientId clientName severity title } } }`;
  it('lists the IoA events of every tenant for admins and refuses everyone else', async () => {
    const response = await fetch(`${firstUrl}${GRAPHQL_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(await first.headersFor('admin', null)) },
      body: JSON.stringify({ query: adminQuery }),
    });
    const body = (await response.json()) as { data: { adminIoaEvents: { nodes: { clientName: string }[] } } };
    const names = new Set(body.data.adminIoaEvents.nodes.map((node) => node.clientName));
    expect(names).toEqual(new Set(['Mandant A GmbH', 'Mandant B GmbH']));

    const asClient = await fetch(`${firstUrl}${GRAPHQL_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(await first.headersFor('client', tenantA.clientId)) },
      body: JSON.stringify({ query: adminQuery }),
    });
    const refused = (await asClient.json()) as { data: unknown; errors: { message: string }[] };
    expect(refused.data).toBeNull();
    expect(refused.errors[0]?.message).toBe('Nur Administratoren dürfen Angriffe über alle Kunden auflisten.');
  });
});
