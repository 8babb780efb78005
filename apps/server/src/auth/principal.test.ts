import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { createClient } from '../clients/create-client';
import { clientScope } from '../tenancy/tenant-scope';

let test: TestApp;
let providerA: string;
let providerB: string;
let clientOfA: string;
let clientOfB: string;

beforeAll(async () => {
  test = await createTestApp();
  const { db } = test.database;
  const insertProvider = async (name: string) =>
    (
      await db
        .insertInto('serviceprovider')
        .values({ serviceprovider_name: name })
        .returning('serviceprovider_id_pk')
        .executeTakeFirstOrThrow()
    ).serviceprovider_id_pk;
  providerA = await insertProvider('Anbieter A');
  providerB = await insertProvider('Anbieter B');
  clientOfA = await createClient(db, { serviceproviderId: providerA, name: 'Kunde A', employeeCount: 5 });
  clientOfB = await createClient(db, { serviceproviderId: providerB, name: 'Kunde B', employeeCount: 5 });
  // A probe route in the client scope, like every tenant-scoped endpoint.
  await test.app.register(clientScope, {
    services: test.services,
    routes: [
      (app) => {
        app.get('/client/:clientUUID/probe', async (request) => ({ role: request.tenant.role, org: request.tenant.principal?.orgId ?? null }));
      },
    ],
  });
});
afterAll(() => test.close());

const probe = (clientId: string, headers: Record<string, string>) =>
  test.app.inject({ method: 'GET', url: `/client/${clientId}/probe`, headers });

describe('authentication and tenant scope', () => {
  it('rejects a missing or forged token with 401', async () => {
    expect((await probe(clientOfA, {})).statusCode).toBe(401);
    const forged = await probe(clientOfA, { authorization: 'Bearer eyJhbGciOiJub25lIn0.e30.', 'x-hasura-role': 'admin' });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().detail).toBe('Das Zugriffstoken ist ungültig. Bitte melden Sie sich erneut an.');
  });

  it('reports an expired token as JWTExpired', async () => {
    const expired = await test.services.tokens.issue(
      { userId: 'u', email: 'a@b.de', roles: ['admin'], orgId: null },
      -10,
    );
    const response = await probe(clientOfA, { authorization: `Bearer ${expired}` });
    expect(response.statusCode).toBe(401);
    expect(response.json().detail).toBe('Could not verify JWT: JWTExpired');
  });

  it('refuses a token once it expires, although it was accepted (and its verification kept) before', async () => {
    const token = await test.services.tokens.issue({ userId: 'u', email: 'a@b.de', roles: ['admin'], orgId: null }, 2);
    const headers = { authorization: `Bearer ${token}`, 'x-hasura-role': 'admin' };
    expect((await probe(clientOfA, headers)).statusCode).toBe(200);
    const { exp } = JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString()) as { exp: number };
    await new Promise((resolve) => setTimeout(resolve, exp * 1000 - Date.now() + 50));
    const response = await probe(clientOfA, headers);
    expect(response.statusCode).toBe(401);
    expect(response.json().detail).toBe('Could not verify JWT: JWTExpired');
  });

  it('rejects an x-hasura-role the token does not allow', async () => {
    const token = await test.tokenFor({ roles: ['client'], orgId: clientOfA });
    const response = await probe(clientOfA, { authorization: `Bearer ${token}`, 'x-hasura-role': 'admin' });
    expect(response.statusCode).toBe(403);
  });

  it('lets a provider see its own client but not another provider’s', async () => {
    const headers = await test.headersFor('serviceprovider', providerA);
    expect((await probe(clientOfA, headers)).json()).toEqual({ role: 'serviceprovider', org: providerA });
    expect((await probe(clientOfB, headers)).statusCode).toBe(404);
  });

  it('lets a client user see only its own organisation; admins see all', async () => {
    const client = await test.headersFor('client', clientOfA);
    expect((await probe(clientOfA, client)).statusCode).toBe(200);
    expect((await probe(clientOfB, client)).statusCode).toBe(404);
    const admin = await test.headersFor('admin', null);
    expect((await probe(clientOfB, admin)).statusCode).toBe(200);
  });

  it('uses the main role when no x-hasura-role is sent', async () => {
    const token = await test.tokenFor({ roles: ['next_user', 'serviceprovider'], orgId: providerA });
    const response = await probe(clientOfA, { authorization: `Bearer ${token}` });
    expect(response.json().role).toBe('serviceprovider');
  });
});
