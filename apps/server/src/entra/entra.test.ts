import { X509Certificate } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeEntra, type FakeEntra } from '../../../../test-support/fake-entra';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { insertProviderWithClient } from '../../../../test-support/tenants';
import { certificateThumbprintSha256 } from './entra-certificate';

const PASSWORD = 'Zertifikats-Geheimnis-7431!';
const APP_A = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';
const TENANT_A = 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d';
const TENANT_B = 'b1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d';

let test: TestApp;
let entra: FakeEntra;
let a: { providerId: string; clientId: string };
let b: { providerId: string; clientId: string };
/** Every response body of this file: the password must appear in none. */
const bodies: string[] = [];

async function call(method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: unknown) {
  const response = await test.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  bodies.push(response.body);
  return response;
}

beforeAll(async () => {
  // Port from the range of this helper (3751-3799).
  entra = await startFakeEntra(3752);
  test = await createTestApp(entra.serverEnv);
  a = await insertProviderWithClient(test.database.db, { name: 'Kunde A' });
  b = await insertProviderWithClient(test.database.db, { name: 'Kunde B' });
}, 60_000);

afterAll(async () => {
  await test?.close();
  await entra?.close();
});

describe('Entra ID connection of a client', () => {
  it('answers "unconfigured" before anything is saved', async () => {
    const response = await call('GET', `/client/${a.clientId}/entra/data`, await test.headersFor('serviceprovider', a.providerId));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ applicationId: null, tenantId: null, status: 'unconfigured', certPasswordSet: false });
  });

  it('refuses bad input with a precise 400 and stores nothing', async () => {
    const headers = await test.headersFor('serviceprovider', a.providerId);
    const bad = await call('POST', `/client/${a.clientId}/entra/data`, headers, { applicationId: 'keine-guid', tenantId: TENANT_A, certPassword: PASSWORD });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(bad.json().detail).toBe('Die Anwendungs-ID (Application ID) muss eine GUID sein (xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx).');
    expect(bad.json().errors).toEqual([{ path: 'body.applicationId', message: bad.json().detail }]);
    const missing = await call('POST', `/client/${a.clientId}/entra/data`, headers, { applicationId: APP_A, tenantId: TENANT_A, certPassword: '' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().detail).toBe('Das Zertifikatskennwort darf nicht leer sein.');
    const absent = await call('POST', `/client/${a.clientId}/entra/data`, headers, { applicationId: APP_A, certPassword: PASSWORD });
    expect(absent.json().detail).toBe('Die Mandanten-ID (Tenant ID) fehlt.');
    const row = await test.database.db.selectFrom('client_entra').selectAll().where('client_fk', '=', a.clientId).executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it('saves ids and seals the certificate password', async () => {
    const response = await call('POST', `/client/${a.clientId}/entra/data`, await test.headersFor('serviceprovider', a.providerId), {
      applicationId: APP_A,
      tenantId: TENANT_A,
      certPassword: PASSWORD,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ applicationId: APP_A, tenantId: TENANT_A, status: 'unvalidated', certPasswordSet: true });
    const row = await test.database.db.selectFrom('client_entra').selectAll().where('client_fk', '=', a.clientId).executeTakeFirstOrThrow();
    expect(row.cert_password_sealed).not.toContain(PASSWORD);
    expect(test.services.secrets.open(row.cert_password_sealed ?? '')).toBe(PASSWORD);
  });

  it('creates the certificate once, keeps the private key sealed and serves the public part as .cer', async () => {
    const headers = await test.headersFor('client', a.clientId);
    const first = await call('GET', `/client/${a.clientId}/entra/certificate/public`, headers);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/x-x509-ca-cert');
    expect(first.headers['content-disposition']).toContain('.cer');
    expect(first.body).toContain('BEGIN CERTIFICATE');
    expect(first.body).not.toContain('PRIVATE KEY');
    const cert = new X509Certificate(first.body);
    expect(cert.subject).toContain(a.clientId);
    expect(cert.publicKey.asymmetricKeyType).toBe('rsa');
    const second = await call('GET', `/client/${a.clientId}/entra/certificate/public`, headers);
    expect(second.body).toBe(first.body);
    const row = await test.database.db.selectFrom('client_entra').selectAll().where('client_fk', '=', a.clientId).executeTakeFirstOrThrow();
    expect(row.private_key_sealed).not.toContain('PRIVATE KEY');
    expect(test.services.secrets.open(row.private_key_sealed ?? '')).toContain('BEGIN PRIVATE KEY');
  });

  it('validates against the token endpoint: invalid before the certificate is registered, valid after', async () => {
    const headers = await test.headersFor('serviceprovider', a.providerId);
    const before = await call('GET', `/client/${a.clientId}/entra/validate`, headers);
    expect(before.json()).toMatchObject({ status: 'invalid' });
    expect(before.json().message).toContain('AADSTS90002');

    const pem = (await call('GET', `/client/${a.clientId}/entra/certificate/public`, headers)).body;
    // A different certificate registered: the x5t of Burgwall's assertion does not match.
    const other = (await call('GET', `/client/${b.clientId}/entra/certificate/public`, await test.headersFor('serviceprovider', b.providerId))).body;
    entra.registrations.set(TENANT_A, { applicationId: APP_A, certificatePem: other });
    const wrongCert = await call('GET', `/client/${a.clientId}/entra/validate`, headers);
    expect(wrongCert.json()).toMatchObject({ status: 'invalid' });
    expect(wrongCert.json().message).toContain('AADSTS700027');
    expect(certificateThumbprintSha256(other)).not.toBe(certificateThumbprintSha256(pem));

    entra.registrations.set(TENANT_A, { applicationId: APP_A, certificatePem: pem });
    const valid = await call('GET', `/client/${a.clientId}/entra/validate`, headers);
    expect(valid.statusCode).toBe(200);
    expect(valid.json()).toMatchObject({ status: 'valid' });
    const data = await call('GET', `/client/${a.clientId}/entra/data`, headers);
    expect(data.json()).toMatchObject({ status: 'valid', certificateCreated: true });
    // A valid connection is collected at once (a job); let it finish before the Graph explorer tests count requests.
    for (let waited = 0; waited < 20_000; waited += 100) {
      const row = await test.database.db.selectFrom('client_entra').select('collection_status').where('client_fk', '=', a.clientId).executeTakeFirst();
      if (row?.collection_status) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });

  it('keeps tenants apart: provider B and client B can neither read nor write client A', async () => {
    for (const headers of [await test.headersFor('serviceprovider', b.providerId), await test.headersFor('client', b.clientId)]) {
      const read = await call('GET', `/client/${a.clientId}/entra/data`, headers);
      expect(read.statusCode).toBe(404);
      expect(read.json().detail).toBe('Der Kunde wurde nicht gefunden oder Sie haben keinen Zugriff auf ihn.');
      expect((await call('GET', `/client/${a.clientId}/entra/certificate/public`, headers)).statusCode).toBe(404);
      expect((await call('GET', `/client/${a.clientId}/entra/validate`, headers)).statusCode).toBe(404);
      const write = await call('POST', `/client/${a.clientId}/entra/data`, headers, { applicationId: APP_A, tenantId: TENANT_B, certPassword: 'fremd' });
      expect(write.statusCode).toBe(404);
    }
    const row = await test.database.db.selectFrom('client_entra').selectAll().where('client_fk', '=', a.clientId).executeTakeFirstOrThrow();
    expect(row.tenant_id).toBe(TENANT_A);
  });
});

describe('admin Graph explorer', () => {
  const request = (overrides: Record<string, unknown> = {}) => ({
    url: '/users',
    client: a.clientId,
    properties: ['displayName', 'jobTitle'],
    requestType: 'GET',
    apiVersion: 'v1.0',
    ...overrides,
  });

  it('calls Graph with the client token and $select', async () => {
    const response = await call('POST', '/admin/graph-explorer/request', await test.headersFor('admin', null), request());
    expect(response.statusCode).toBe(200);
    expect(response.json().data.value).toEqual([
      { displayName: 'Anna Schmidt', jobTitle: 'IT-Leitung' },
      { displayName: 'Ben Weber', jobTitle: 'Buchhaltung' },
    ]);
    expect(entra.graphRequests.at(-1)).toBe('/v1.0/users?%24select=displayName%2CjobTitle');
  });

  it('refuses non-GET requests, unknown API versions and URLs leaving Graph with 400', async () => {
    const headers = await test.headersFor('admin', null);
    const graphCallsBefore = entra.graphRequests.length;
    const post = await call('POST', '/admin/graph-explorer/request', headers, request({ requestType: 'POST' }));
    expect(post.statusCode).toBe(400);
    expect(post.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(post.json().detail).toBe('Nur GET-Anfragen sind erlaubt.');
    const version = await call('POST', '/admin/graph-explorer/request', headers, request({ apiVersion: 'v2.0' }));
    expect(version.statusCode).toBe(400);
    expect(version.json().detail).toBe('Die API-Version muss einer dieser Werte sein: „v1.0“, „beta“.');
    for (const url of ['https://evil.example/users', '//evil.example/users', '/../../evil']) {
      const response = await call('POST', '/admin/graph-explorer/request', headers, request({ url }));
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0].path).toBe('body.url');
    }
    expect(entra.graphRequests.length).toBe(graphCallsBefore);
  });

  it('answers 409 with a German message for a client without a connection', async () => {
    const response = await call('POST', '/admin/graph-explorer/request', await test.headersFor('admin', null), request({ client: b.clientId }));
    expect(response.statusCode).toBe(409);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(response.json().detail).toContain('noch nicht eingerichtet');
  });

  it('answers 404 for an unknown client', async () => {
    const response = await call('POST', '/admin/graph-explorer/request', await test.headersFor('admin', null), request({ client: '00000000-0000-4000-8000-000000000077' }));
    expect(response.statusCode).toBe(404);
    expect(response.json().detail).toBe('Der Kunde wurde nicht gefunden.');
  });

  it('passes a Graph error on as a 502 problem with Graph’s answer in data', async () => {
    const response = await call('POST', '/admin/graph-explorer/request', await test.headersFor('admin', null), request({ url: '/gibtesnicht' }));
    expect(response.statusCode).toBe(502);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(response.json()).toMatchObject({ status: 502, detail: expect.stringMatching(/^Microsoft Graph antwortete mit HTTP \d+\.$/) });
    expect(response.json().data).toEqual({ error: { code: 'Request_ResourceNotFound' } });
  });

  it('is admin only', async () => {
    for (const headers of [await test.headersFor('serviceprovider', a.providerId), await test.headersFor('client', a.clientId)]) {
      const response = await call('POST', '/admin/graph-explorer/request', headers, request());
      expect(response.statusCode).toBe(403);
      expect(response.json().detail).toBe('Dieser Bereich ist Administratoren vorbehalten.');
      expect(response.body).not.toContain('Anna Schmidt');
    }
  });

  it('never returned the certificate password in any response', () => {
    expect(bodies.length).toBeGreaterThan(20);
    for (const body of bodies) expect(body).not.toContain(PASSWORD);
  });
});
