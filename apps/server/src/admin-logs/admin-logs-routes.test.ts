import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { csvRecords, fetchExport, xlsxRows } from '../../../../test-support/export-files';
import { insertProviderWithClient } from '../../../../test-support/tenants';
import { clientDb } from '../db/client-db';
import { createClient } from '../clients/create-client';
import { issueCollectorKey } from '../collector/collector-keys';
import { logListQuerySchema } from './admin-logs-schema';
import { listAdminLogs } from './admin-logs-service';

let testApp: TestApp;
let providerA: string;
let providerB: string;
let clientA1: string;
let clientA2: string;
let clientB: string;

interface Row {
  clientId: string;
  clientName: string;
  providerName: string;
  logId: string;
  logName: string;
  bytes: number;
  receivedAt: string;
}

/** Uploads through the real collector route with the client's real collector key. */
async function upload(clientId: string, key: string, logName: string, content: string): Promise<string> {
  const response = await testApp.app.inject({
    method: 'POST',
    url: `/client/${clientId}/collector/log/${logName}`,
    headers: { authorization: `ApiKey ${key}`, 'content-type': 'text/plain' },
    payload: content,
  });
  expect(response.statusCode).toBe(201);
  return String(response.json<{ logId: string }>().logId);
}

async function asAdmin(url: string) {
  return testApp.app.inject({ method: 'GET', url, headers: await testApp.headersFor('admin', null) });
}

async function list(query: string): Promise<{ items: Row[]; nextCursor: string | null }> {
  const response = await asAdmin(`/admin/logs${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

beforeAll(async () => {
  testApp = await createTestApp();
  const db = testApp.services.db;
  ({ providerId: providerA, clientId: clientA1 } = await insertProviderWithClient(db, { name: 'Ahorn AG' }));
  clientA2 = await createClient(db, { serviceproviderId: providerA, name: 'Akazie KG', employeeCount: 5 });
  ({ providerId: providerB, clientId: clientB } = await insertProviderWithClient(db, { name: 'Birke GmbH' }));
  await db.updateTable('serviceprovider').set({ serviceprovider_name: 'Beta IT' }).where('serviceprovider_id_pk', '=', providerB).execute();
  const keyA1 = (await issueCollectorKey(db, clientA1)).key;
  const keyA2 = (await issueCollectorKey(db, clientA2)).key;
  const keyB = (await issueCollectorKey(db, clientB)).key;
  await upload(clientA1, keyA1, 'collector.log', 'INFO start\nWARN langsame Replikation');
  await upload(clientA2, keyA2, 'collector.log', 'INFO alles gut – Größe');
  await upload(clientB, keyB, 'collector.log', 'INFO start\nERROR LDAP bind failed: 49');
  await upload(clientB, keyB, 'update.log', 'INFO update 0.1.0 → 0.2.0');
  await upload(clientA1, keyA1, 'update.log', 'INFO 100% fertig');
  // Distinct, known times (the uploads above all land within the same second).
  const times: [string, string, string][] = [
    [clientA1, 'collector.log', '2026-11-20T08:00:00.000Z'],
    [clientA2, 'collector.log', '2026-11-21T08:00:00.000Z'],
    [clientB, 'collector.log', '2026-11-22T08:00:00.000Z'],
    [clientB, 'update.log', '2026-11-23T08:00:00.000Z'],
  ];
  for (const [clientId, logName, at] of times) {
    await clientDb(db, clientId).updateTable('collector_log').set({ received_at: sql`${at}::timestamptz` }).where('log_name', '=', logName).execute();
  }
  await clientDb(db, clientA1).updateTable('collector_log').set({ received_at: sql`'2026-11-23T08:00:00.000Z'::timestamptz` }).where('log_name', '=', 'update.log').execute();
});
afterAll(() => testApp.close());

describe('GET /admin/logs', () => {
  it('lists the logs of all clients and providers, newest first, with names and sizes', async () => {
    const { items, nextCursor } = await list('');
    expect(nextCursor).toBeNull();
    expect(items.map((row) => [row.clientName, row.providerName, row.logName])).toEqual([
      // Same time: the client id breaks the tie (descending), so the order is stable for paging.
      ...(clientA1 > clientB
        ? [
            ['Ahorn AG', 'Test-Anbieter GmbH', 'update.log'],
            ['Birke GmbH', 'Beta IT', 'update.log'],
          ]
        : [
            ['Birke GmbH', 'Beta IT', 'update.log'],
            ['Ahorn AG', 'Test-Anbieter GmbH', 'update.log'],
          ]),
      ['Birke GmbH', 'Beta IT', 'collector.log'],
      ['Akazie KG', 'Test-Anbieter GmbH', 'collector.log'],
      ['Ahorn AG', 'Test-Anbieter GmbH', 'collector.log'],
    ]);
    const akazie = items.find((row) => row.clientName === 'Akazie KG');
    expect(akazie?.bytes).toBe(Buffer.byteLength('INFO alles gut – Größe'));
    expect(akazie?.receivedAt).toBe('2026-11-21T08:00:00.000Z');
  });

  it('pages with a keyset cursor without gaps or repeats', async () => {
    const all = (await list('')).items.map((row) => `${row.clientId}/${row.logId}`);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: { items: Row[]; nextCursor: string | null } = await list(`?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.items.map((row) => `${row.clientId}/${row.logId}`));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(all);
  });

  it('reads the clients in batches and merges them into the same pages (10,000 clients overflowed one query)', async () => {
    const query = logListQuerySchema.parse({ limit: '2' });
    const oneQuery = await listAdminLogs(testApp.services.db, query);
    const oneClientPerQuery = await listAdminLogs(testApp.services.db, query, 1);
    expect(oneClientPerQuery).toEqual(oneQuery);
    const next = logListQuerySchema.parse({ limit: '2', cursor: oneQuery.nextCursor });
    expect(await listAdminLogs(testApp.services.db, next, 1)).toEqual(await listAdminLogs(testApp.services.db, next));
    expect(oneQuery.items).toHaveLength(2);
  });

  it('filters by provider, client, period, level and text in the log', async () => {
    expect((await list(`?provider=${providerB}`)).items.map((row) => row.logName)).toEqual(['update.log', 'collector.log']);
    expect((await list(`?clientId=${clientA2}`)).items.map((row) => row.clientName)).toEqual(['Akazie KG']);
    const period = await list('?from=21.11.2026&to=22.11.2026');
    expect(period.items.map((row) => row.clientName)).toEqual(['Birke GmbH', 'Akazie KG']);
    expect((await list('?from=2026-11-22')).items).toHaveLength(3);
    expect((await list('?q=ldap%20BIND')).items.map((row) => row.clientName)).toEqual(['Birke GmbH']);
    // % is taken literally, not as a wildcard.
    expect((await list('?q=100%25')).items.map((row) => [row.clientName, row.logName])).toEqual([['Ahorn AG', 'update.log']]);
    expect((await list('?level=error')).items.map((row) => row.clientName)).toEqual(['Birke GmbH']);
    expect((await list('?level=warn')).items.map((row) => row.clientName).sort()).toEqual(['Ahorn AG', 'Birke GmbH']);
    expect((await list(`?provider=${providerA}&q=LDAP`)).items).toEqual([]);
  });

  it('refuses bad parameters with a precise German 400 problem', async () => {
    const cases: [string, string, string][] = [
      ['?from=31.02.2026', 'query.from', 'Das Startdatum muss ein Datum im Format TT.MM.JJJJ oder nach ISO 8601 sein, nicht „31.02.2026“.'],
      ['?clientId=nope', 'query.clientId', 'Die Kunden-ID muss eine UUID in Kleinbuchstaben sein.'],
      ['?level=debug', 'query.level', 'Die Stufe muss eine der erlaubten Stufen sein (nur Warnungen und Fehler oder nur Fehler).'],
      ['?limit=0', 'query.limit', 'Die Anzahl muss mindestens 1 sein.'],
      ['?cursor=abc', 'query.cursor', 'Der Cursor stammt nicht aus dieser Liste. Bitte laden Sie die Liste neu.'],
      ['?q=x', 'query.q', 'Der Suchtext muss mindestens 2 Zeichen lang sein.'],
      ['?from=23.11.2026&to=01.11.2026', 'query.from', 'Das Startdatum darf nicht nach dem Enddatum liegen.'],
      ['?foo=1', 'query', 'Das Feld „foo“ ist hier nicht erlaubt.'],
    ];
    for (const [query, path, message] of cases) {
      const response = await asAdmin(`/admin/logs${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.headers['content-type'], query).toMatch(/^application\/problem\+json/);
      const problem = response.json<{ detail: string; errors: { path: string; message: string }[] }>();
      expect(problem.errors, query).toEqual([{ path, message }]);
      expect(problem.detail, query).toBe(message);
    }
  });
});

describe('GET /admin/logs/export', () => {
  let base: string;
  beforeAll(async () => {
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
  });
  const download = async (query: string) => fetchExport(base, `/admin/logs/export${query}`, await testApp.headersFor('admin', null));

  it('exports every match of the search as CSV, newest first, with the same filters as the list', async () => {
    const all = await download('');
    expect(all.status).toBe(200);
    expect(all.contentType).toBe('text/csv; charset=utf-8');
    expect(all.disposition).toMatch(/^attachment; filename="collector-protokolle-\d{4}-\d{2}-\d{2}\.csv"$/);
    const listed = (await list('')).items;
    expect(csvRecords(all.body).map((record) => [record['Kunde'], record['Dienstleister'], record['Protokoll'], record['Protokoll-ID']])).toEqual(
      listed.map((row) => [row.clientName, row.providerName, row.logName, row.logId]),
    );

    const filtered = csvRecords((await download(`?provider=${providerA}&from=21.11.2026&level=warn`)).body);
    expect(filtered).toEqual([]);
    const byText = csvRecords((await download('?q=ldap%20BIND&format=csv')).body);
    expect(byText.map((record) => [record['Kunde'], record['Protokoll'], record['Empfangen am'], record['Größe (Bytes)']])).toEqual([
      ['Birke GmbH', 'collector.log', '2026-11-22T08:00:00.000Z', String(Buffer.byteLength('INFO start\nERROR LDAP bind failed: 49'))],
    ]);
  });

  it('exports XLSX with German headers and dates as date cells, and JSON with stable keys', async () => {
    const xlsx = await download(`?clientId=${clientA2}&format=xlsx`);
    expect(xlsx.contentType).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const rows = await xlsxRows(xlsx.body, 'Collector-Protokolle');
    expect(rows[0]).toEqual(['Empfangen am', 'Dienstleister', 'Kunde', 'Protokoll', 'Größe (Bytes)', 'Kunden-ID', 'Protokoll-ID']);
    expect(rows.slice(1)).toEqual([[new Date('2026-11-21T08:00:00.000Z'), 'Test-Anbieter GmbH', 'Akazie KG', 'collector.log', Buffer.byteLength('INFO alles gut – Größe'), clientA2, expect.any(String)]]);

    const json = JSON.parse((await download(`?provider=${providerB}&format=json`)).body.toString('utf8')) as Array<{ clientName: string; logName: string }>;
    expect(json.map((row) => [row.clientName, row.logName])).toEqual([
      ['Birke GmbH', 'update.log'],
      ['Birke GmbH', 'collector.log'],
    ]);
  });

  it('refuses bad filters and list-only parameters with German 400 problems', async () => {
    for (const [query, detail] of [
      ['?from=23.11.2026&to=01.11.2026', 'Das Startdatum darf nicht nach dem Enddatum liegen.'],
      ['?format=pdf', 'Das Feld „format“ muss einer dieser Werte sein: „csv“, „xlsx“, „json“.'],
      ['?cursor=abc', 'Das Feld „cursor“ ist hier nicht erlaubt.'],
    ] as const) {
      const answer = await download(query);
      expect(answer.status, query).toBe(400);
      expect(answer.contentType, query).toMatch(/^application\/problem\+json/);
      expect((JSON.parse(answer.body.toString('utf8')) as { detail: string }).detail, query).toMatch(detail);
    }
  });
});

describe('GET /admin/logs/{clientUUID}/{logId}', () => {
  it('returns the log text', async () => {
    const row = (await list(`?clientId=${clientB}&q=LDAP`)).items[0] as Row;
    const response = await asAdmin(`/admin/logs/${clientB}/${row.logId}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ clientName: 'Birke GmbH', providerName: 'Beta IT', logName: 'collector.log', content: 'INFO start\nERROR LDAP bind failed: 49' });
  });

  it('answers 404 for an unknown log or client and 400 for a malformed id', async () => {
    const unknownLog = await asAdmin(`/admin/logs/${clientB}/999999`);
    expect(unknownLog.statusCode).toBe(404);
    expect(unknownLog.json().detail).toBe('Das Protokoll wurde bei diesem Kunden nicht gefunden.');
    for (const client of ['00000000-0000-4000-8000-000000000000', 'kein-kunde']) {
      const unknownClient = await asAdmin(`/admin/logs/${client}/1`);
      expect(unknownClient.statusCode, client).toBe(404);
      expect(unknownClient.headers['content-type']).toMatch(/^application\/problem\+json/);
    }
    const bad = await asAdmin(`/admin/logs/${clientB}/1x`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ errors: { path: string; message: string }[] }>().errors).toEqual([
      { path: 'params.logId', message: 'Die Protokoll-ID muss eine positive ganze Zahl sein.' },
    ]);
  });
});

describe('admin only', () => {
  it('refuses providers and clients with 403, also for their own logs', async () => {
    const urls = ['/admin/logs', '/admin/logs/filters', '/admin/logs/export', `/admin/logs/${clientA1}/1`];
    for (const url of urls) {
      for (const headers of [await testApp.headersFor('serviceprovider', providerA), await testApp.headersFor('client', clientA1)]) {
        const response = await testApp.app.inject({ method: 'GET', url, headers });
        expect(response.statusCode, url).toBe(403);
        expect(response.json().detail).toBe('Dieser Bereich ist Administratoren vorbehalten.');
        expect(response.body).not.toContain('collector.log');
      }
    }
    expect((await testApp.app.inject({ method: 'GET', url: '/admin/logs' })).statusCode).toBe(401);
  });

  it('gives the admin the clients and providers for the filters', async () => {
    const response = await asAdmin('/admin/logs/filters');
    expect(response.statusCode).toBe(200);
    const body = response.json<{ clients: { clientName: string }[]; providers: { providerName: string }[] }>();
    expect(body.clients.map((c) => c.clientName)).toEqual(['Ahorn AG', 'Akazie KG', 'Birke GmbH']);
    expect(body.providers.map((p) => p.providerName)).toEqual(['Beta IT', 'Test-Anbieter GmbH']);
  });
});
