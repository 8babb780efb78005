/**
 * API tokens and exports over real HTTP on a real PostgreSQL: a token with a read scope reads findings and is refused
 * on a write route (403), a revoked or expired token is refused at once (401), the last use is recorded, exports
 * parse back (CSV, XLSX with exceljs, JSON) with the right rows, and a token of one provider cannot reach another's.
 */
import type { AddressInfo } from 'node:net';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { insertProviderWithClient } from '../../../../test-support/tenants';
import { findUserByEmail } from '../auth/users';
import { saveChanges } from '../changes/change-store';
import { clientDb } from '../db/client-db';
import { seedDemoData } from '../demo/seed';

let test: TestApp;
let base: string;
let providerId: string;
let providerUser: { userId: string; email: string };
let clientUser: { userId: string; email: string; clientId: string };
const clients: Record<string, string> = {};
let other: { providerId: string; clientId: string };

interface Answer {
  status: number;
  contentType: string;
  body: Buffer;
  json: () => Record<string, unknown>;
  headers: Headers;
}

async function call(method: string, path: string, headers: Record<string, string>, body?: unknown): Promise<Answer> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const buffer = Buffer.from(await response.arrayBuffer());
  return {
    status: response.status,
    contentType: response.headers.get('content-type') ?? '',
    body: buffer,
    json: () => JSON.parse(buffer.toString('utf8')) as Record<string, unknown>,
    headers: response.headers,
  };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const providerSession = () => test.headersFor('serviceprovider', providerId, providerUser);

function expectProblem(answer: Answer, status: number, detail: RegExp): void {
  expect(answer.status).toBe(status);
  expect(answer.contentType).toMatch(/^application\/problem\+json/);
  expect(String(answer.json().detail)).toMatch(detail);
}

async function createToken(path: string, headers: Record<string, string>, body: Record<string, unknown>) {
  const answer = await call('POST', path, headers, body);
  expect(answer.status, answer.body.toString()).toBe(201);
  return answer.json() as { tokenId: string; token: string; prefix: string; scopes: string[] };
}

beforeAll(async () => {
  test = await createTestApp();
  ({ providerId } = await seedDemoData(test.database.db, { snapshots: true }));
  for (const row of await test.database.db.selectFrom('client').select(['client_id_pk', 'client_name']).execute()) clients[row.client_name] = row.client_id_pk;
  const anbieter = await findUserByEmail(test.database.db, 'anbieter@burgwall.demo');
  const kunde = await findUserByEmail(test.database.db, 'kunde@burgwall.demo');
  if (!anbieter || !kunde?.orgId) throw new Error('demo users missing');
  providerUser = { userId: anbieter.userId, email: anbieter.email };
  clientUser = { userId: kunde.userId, email: kunde.email, clientId: kunde.orgId };
  other = await insertProviderWithClient(test.database.db, { name: 'Fremder Kunde GmbH' });
  await test.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(test.app.server.address() as AddressInfo).port}`;
}, 180_000);
afterAll(() => test.close());

const mueller = () => clients['Müller Maschinenbau AG'] as string;

describe('personal API tokens', () => {
  it('reads findings with a read token, is refused on a write route, records the last use and is refused at once after revocation', async () => {
    const session = await providerSession();
    const created = await createToken('/user/api-tokens', session, { name: 'Auswertung Skript', scopes: ['findings:read'] });
    expect(created.token).toMatch(/^bwt_[A-Za-z0-9_-]{43}$/);
    expect(created.token.startsWith(created.prefix)).toBe(true);
    // Stored hashed: the clear token is nowhere in the table.
    const stored = await test.database.db.selectFrom('api_token').selectAll().where('api_token_id_pk', '=', created.tokenId).executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(created.token);
    expect(stored.last_used_at).toBeNull();

    const states = await call('GET', `/client/${mueller()}/ioe/states`, bearer(created.token));
    expect(states.status).toBe(200);
    expect((states.json().ioe as unknown[]).length).toBeGreaterThan(30);
    const findings = await call('GET', `/client/${mueller()}/ioe/findings/count-domain-admins`, bearer(created.token));
    expect(findings.status).toBe(200);

    // A write route: 403 with a German explanation, and nothing written.
    const write = await call('POST', `/client/${mueller()}/ioe/count-domain-admins/exceptions`, bearer(created.token), { objectKey: 'x', reason: 'Test' });
    expectProblem(write, 403, /API-Token.*nicht erreichbar/);
    expect(await clientDb(test.database.db, mueller()).selectFrom('finding_exception').select('exception_id_pk').execute()).toHaveLength(0);
    // Another read scope it does not have, and token management itself (sign-in only).
    expectProblem(await call('GET', `/client/${mueller()}/export/changes`, bearer(created.token)), 403, /fehlt die Berechtigung „Änderungen und Angriffe lesen“ \(changes:read\)/);
    expectProblem(await call('GET', '/user/api-tokens', bearer(created.token)), 403, /verlangt eine Anmeldung/);
    // Its x-hasura-role is ignored: the token acts in its user's role only.
    expect((await call('GET', `/client/${mueller()}/ioe/states`, { ...bearer(created.token), 'x-hasura-role': 'admin' })).status).toBe(200);
    expect((await call('GET', `/admin/findings`, { ...bearer(created.token), 'x-hasura-role': 'admin' })).status).toBe(403);

    const listed = (await call('GET', '/user/api-tokens', session)).json() as unknown as Array<{ tokenId: string; lastUsedAt: string | null; scopes: string[] }>;
    const entry = listed.find((token) => token.tokenId === created.tokenId);
    expect(entry?.scopes).toEqual(['findings:read']);
    expect(entry?.lastUsedAt).not.toBeNull();
    expect(JSON.stringify(listed)).not.toContain(created.token);

    expect((await call('DELETE', `/user/api-tokens/${created.tokenId}`, session)).status).toBe(200);
    expectProblem(await call('GET', `/client/${mueller()}/ioe/states`, bearer(created.token)), 401, /widerrufen/);
    expect(((await call('GET', '/user/api-tokens', session)).json() as unknown as unknown[]).some((token) => (token as { tokenId: string }).tokenId === created.tokenId)).toBe(false);
    expect((await call('DELETE', `/user/api-tokens/${created.tokenId}`, session)).status).toBe(404);
  });

  it('refuses an expired token and a past expiry date, and an unknown token', async () => {
    const session = await providerSession();
    expectProblem(
      await call('POST', '/user/api-tokens', session, { name: 'Zu spät', scopes: ['findings:read'], expiresAt: new Date(Date.now() - 60_000).toISOString() }),
      400,
      /Ablaufdatum muss in der Zukunft/,
    );
    const expiresAt = new Date(Date.now() + 2_000).toISOString();
    const created = await createToken('/user/api-tokens', session, { name: 'Kurzlebig', scopes: ['findings:read'], expiresAt });
    expect((await call('GET', `/client/${mueller()}/ioe/states`, bearer(created.token))).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    expectProblem(await call('GET', `/client/${mueller()}/ioe/states`, bearer(created.token)), 401, /abgelaufen/);
    expectProblem(await call('GET', `/client/${mueller()}/ioe/states`, bearer(`bwt_${'A'.repeat(43)}`)), 401, /ungültig/);
  });

  it('acts as its user: a client user token reads its own client only, and another user cannot revoke it', async () => {
    const session = await test.headersFor('client', clientUser.clientId, clientUser);
    const created = await createToken('/user/api-tokens', session, { name: 'Kunde', scopes: ['findings:read'] });
    expect((await call('GET', `/client/${clientUser.clientId}/export/findings?format=json`, bearer(created.token))).status).toBe(200);
    expect((await call('GET', `/client/${mueller()}/export/findings?format=json`, bearer(created.token))).status).toBe(404);
    expect((await call('DELETE', `/user/api-tokens/${created.tokenId}`, await providerSession())).status).toBe(404);
    expect((await call('GET', `/client/${clientUser.clientId}/ioe/states`, bearer(created.token))).status).toBe(200);
  });
});

describe('provider API tokens and exports', () => {
  let readToken: string;

  beforeAll(async () => {
    // Changes and an IoA for Müller, so those exports have rows; one value would run as a formula in a spreadsheet.
    const guid = '6f1c2b9e-1d2a-4c3b-9e8f-0a1b2c3d4e5f';
    const { changeIds } = await saveChanges(test.database.db, mueller(), [
      { objectGuid: guid, objectClass: 'group', distinguishedName: 'CN=Domänen-Admins,CN=Users,DC=mueller,DC=local', propertyName: 'member', oldValue: null, newValue: '=HYPERLINK("http://x")', timestamp: '2026-11-20T10:00:00Z', usn: 1001 },
      { objectGuid: guid, objectClass: 'group', distinguishedName: 'CN=Domänen-Admins,CN=Users,DC=mueller,DC=local', propertyName: 'description', oldValue: 'alt; "zitiert"', newValue: 'neu\nzweite Zeile', timestamp: '2026-11-22T10:00:00Z', usn: 1002 },
    ]);
    await clientDb(test.database.db, mueller())
      .insertInto('ioa_event')
      .values({ change_fk: changeIds[0] as string, detector: 'privileged-group-member-added', severity: 'high', title: 'Mitglied zu privilegierter Gruppe hinzugefügt', evidence: JSON.stringify({ member: 'CN=Mallory' }), object_guid: guid, distinguished_name: 'CN=Domänen-Admins,CN=Users,DC=mueller,DC=local', occurred_at: '2026-11-20T10:00:00Z' })
      .execute();
    readToken = (await createToken(`/serviceprovider/${providerId}/api-tokens`, await providerSession(), { name: 'SIEM-Export', scopes: ['findings:read', 'changes:read'] })).token;
  });

  it('exports findings as CSV, XLSX and JSON with the same rows', async () => {
    const states = (await call('GET', `/client/${mueller()}/ioe/states`, bearer(readToken))).json() as { ioe: Array<{ title: string; totalFindingsCount: number }> };
    const json = await call('GET', `/client/${mueller()}/export/findings?format=json`, bearer(readToken));
    expect(json.status).toBe(200);
    expect(json.headers.get('content-disposition')).toMatch(/^attachment; filename="befunde-\d{4}-\d{2}-\d{2}\.json"$/);
    const rows = JSON.parse(json.body.toString('utf8')) as Array<{ title: string; affectedObjects: number; criticality: string }>;
    expect(rows).toHaveLength(states.ioe.length);
    const admins = rows.find((row) => row.title === states.ioe.find((ioe) => ioe.totalFindingsCount === 7)?.title);
    expect(admins?.affectedObjects).toBe(7);

    const csv = await call('GET', `/client/${mueller()}/export/findings?format=csv`, bearer(readToken));
    expect(csv.contentType).toMatch(/^text\/csv/);
    expect([...csv.body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const records = parse(csv.body, { bom: true, delimiter: ';', columns: true }) as Array<Record<string, string>>;
    expect(Object.keys(records[0] ?? {})).toEqual(['Prüfung', 'Kennung', 'Kategorie', 'Verzeichnis', 'Kritikalität', 'Status', 'Betroffene Objekte', 'Davon mit Ausnahme', 'Punktabzug', 'Ausgewertet am']);
    expect(records.map((record) => record['Prüfung'])).toEqual(rows.map((row) => row.title));
    expect(records.map((record) => Number(record['Betroffene Objekte']))).toEqual(rows.map((row) => row.affectedObjects));

    const xlsx = await call('GET', `/client/${mueller()}/export/findings?format=xlsx`, bearer(readToken));
    expect(xlsx.contentType).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.body as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Befunde');
    expect(sheet?.rowCount).toBe(rows.length + 1);
    expect(sheet?.getRow(1).getCell(1).value).toBe('Prüfung');
    expect(sheet?.getRow(2).getCell(1).value).toBe(rows[0]?.title);
    expect(sheet?.getRow(2).getCell(7).value).toBe(rows[0]?.affectedObjects);
  });

  it('exports the affected objects with one row per finding', async () => {
    const count = await clientDb(test.database.db, mueller()).selectFrom('finding').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    const json = JSON.parse((await call('GET', `/client/${mueller()}/export/affected-objects?format=json`, bearer(readToken))).body.toString('utf8')) as Array<{ slug: string; objectName: string }>;
    expect(json).toHaveLength(Number(count.n));
    expect(json.filter((row) => row.slug === 'count-domain-admins')).toHaveLength(7);
    const csv = parse((await call('GET', `/client/${mueller()}/export/affected-objects?format=csv`, bearer(readToken))).body, { bom: true, delimiter: ';', columns: true }) as Array<Record<string, string>>;
    expect(csv).toHaveLength(json.length);
    expect(csv[0]?.['Objekt']).toBe(json[0]?.objectName);
    // One check only (the export button of a finding's page).
    const one = await call('GET', `/client/${mueller()}/export/affected-objects?format=json&check=count-domain-admins`, bearer(readToken));
    expect(one.headers.get('content-disposition')).toContain('betroffene-objekte-count-domain-admins-');
    const oneRows = JSON.parse(one.body.toString('utf8')) as Array<{ slug: string }>;
    expect(oneRows).toHaveLength(7);
    expect(new Set(oneRows.map((row) => row.slug))).toEqual(new Set(['count-domain-admins']));
    expectProblem(await call('GET', `/client/${mueller()}/export/affected-objects?check=gibt-es-nicht`, bearer(readToken)), 404, /Prüfung „gibt-es-nicht“ wurde nicht gefunden/);
  });

  it('exports changes and IoAs, escaped and filtered by time', async () => {
    const csv = await call('GET', `/client/${mueller()}/export/changes?format=csv`, bearer(readToken));
    const records = parse(csv.body, { bom: true, delimiter: ';', columns: true }) as Array<Record<string, string>>;
    expect(records).toHaveLength(2);
    expect(records[0]).toMatchObject({ Attribut: 'description', 'Alter Wert': 'alt; "zitiert"', 'Neuer Wert': 'neu\nzweite Zeile', Verzeichnis: 'Active Directory' });
    // A value that would run as a formula in a spreadsheet is defused.
    expect(records[1]?.['Neuer Wert']).toBe(`'=HYPERLINK("http://x")`);
    expect(records[1]?.['Angriffsindikator (IoA)']).toBe('Nein');

    const filtered = JSON.parse((await call('GET', `/client/${mueller()}/export/changes?format=json&from=2026-11-21T00:00:00Z`, bearer(readToken))).body.toString('utf8')) as Array<{ propertyName: string; timestamp: string }>;
    expect(filtered).toEqual([expect.objectContaining({ propertyName: 'description', timestamp: '2026-11-22T10:00:00.000Z' })]);

    const xlsx = await call('GET', `/client/${mueller()}/export/ioas?format=xlsx`, bearer(readToken));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.body as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Angriffsindikatoren');
    expect(sheet?.rowCount).toBe(2);
    expect(sheet?.getRow(2).getCell(2).value).toBe('Hoch');
    expect(sheet?.getRow(2).getCell(3).value).toBe('Mitglied zu privilegierter Gruppe hinzugefügt');
    expect(sheet?.getRow(2).getCell(1).value).toEqual(new Date('2026-11-20T10:00:00Z'));
    const ioas = JSON.parse((await call('GET', `/client/${mueller()}/export/ioas?format=json`, bearer(readToken))).body.toString('utf8')) as Array<{ detector: string; evidence: string }>;
    expect(ioas).toEqual([expect.objectContaining({ detector: 'privileged-group-member-added' })]);
    expect(JSON.parse(ioas[0]?.evidence ?? '{}')).toEqual({ member: 'CN=Mallory' });

    expectProblem(await call('GET', `/client/${mueller()}/export/changes?format=pdf`, bearer(readToken)), 400, /format/i);
  });

  it('cannot export or list another provider’s clients and tokens', async () => {
    for (const kind of ['findings', 'affected-objects', 'changes', 'ioas']) {
      const answer = await call('GET', `/client/${other.clientId}/export/${kind}?format=json`, bearer(readToken));
      expect(answer.status, kind).toBe(404);
      expect(answer.body.toString()).not.toContain('Fremder Kunde');
    }
    const otherSession = await test.headersFor('serviceprovider', other.providerId, { userId: '00000000-0000-4000-8000-0000000000b1', email: 'b@fremd.test' });
    expect((await call('GET', `/serviceprovider/${providerId}/api-tokens`, otherSession)).status).toBe(404);
    const own = (await call('GET', `/serviceprovider/${providerId}/api-tokens`, await providerSession())).json() as unknown as Array<{ tokenId: string; createdBy: string }>;
    expect(own[0]?.createdBy).toBe(providerUser.email);
    expect((await call('DELETE', `/serviceprovider/${other.providerId}/api-tokens/${own[0]?.tokenId}`, otherSession)).status).toBe(404);
    expect((await call('GET', `/client/${mueller()}/export/findings?format=json`, bearer(readToken))).status).toBe(200);
  });

  it('manages clients only with clients:manage', async () => {
    const session = await providerSession();
    const manage = await createToken(`/serviceprovider/${providerId}/api-tokens`, session, { name: 'Kundenverwaltung', scopes: ['clients:manage'] });
    const cards = await call('GET', `/serviceprovider/${providerId}/clients`, bearer(manage.token));
    expect(cards.status).toBe(200);
    expect(JSON.stringify(cards.json())).toContain('Müller Maschinenbau AG');
    expectProblem(await call('GET', `/serviceprovider/${providerId}/clients`, bearer(readToken)), 403, /Kunden verwalten/);
    expectProblem(await call('GET', `/client/${mueller()}/export/findings`, bearer(manage.token)), 403, /Befunde lesen/);
    expect((await call('GET', `/serviceprovider/${other.providerId}/clients`, bearer(manage.token))).status).toBe(404);
  });
});

describe('OpenAPI', () => {
  it('documents the token scheme, the scopes of routes that accept tokens and the export routes', async () => {
    const document = (await call('GET', '/openapi.json', {})).json() as {
      info: { description: string };
      components: { securitySchemes: Record<string, { type: string; scheme?: string }> };
      paths: Record<string, Record<string, { description?: string; security?: Array<Record<string, unknown>> }>>;
    };
    expect(document.components.securitySchemes.apiToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.info.description).toContain('API-Tokens');
    const exportFindings = document.paths['/client/{clientUUID}/export/findings']?.get;
    expect(exportFindings?.security).toContainEqual({ apiToken: [] });
    expect(exportFindings?.description).toContain('findings:read');
    expect(document.paths['/client/{clientUUID}/export/changes']?.get?.description).toContain('changes:read');
    expect(document.paths['/user/api-tokens']?.post?.security).not.toContainEqual({ apiToken: [] });
  });
});
