import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';

let t: TestApp;
let jwksServer: Server;
let issuer: string;
let sign: (claims: Record<string, unknown>, expiresIn?: string) => Promise<string>;

beforeAll(async () => {
  t = await createTestApp();
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'kc-1', alg: 'RS256', use: 'sig' };
  jwksServer = createServer((_request, response) => {
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => jwksServer.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(jwksServer.address() as AddressInfo).port}/realms/burgwall`;
  t.services.tokens.trustIssuer(issuer, new URL(`${issuer}/protocol/openid-connect/certs`));
  sign = (claims, expiresIn = '5m') =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: 'kc-1' })
      .setIssuer(issuer)
      .setSubject('kc-user-1')
      .setIssuedAt()
      .setExpirationTime(expiresIn)
      .sign(privateKey);
});
afterAll(async () => {
  await new Promise<void>((resolve) => jwksServer.close(() => resolve()));
  await t.close();
});

describe('bearer tokens of an external issuer (Keycloak)', () => {
  it('are verified against its JWKS, with roles from realm_access.roles', async () => {
    const token = await sign({ email: 'kc@example.de', realm_access: { roles: ['serviceprovider', 'offline_access'] } });
    const identity = await t.services.tokens.verify(token);
    expect(identity).toMatchObject({ userId: 'kc-user-1', email: 'kc@example.de', roles: ['serviceprovider', 'offline_access'] });
    const response = await t.app.inject({
      method: 'GET',
      url: '/user/session/validate',
      headers: { authorization: `Bearer ${token}`, 'x-hasura-role': 'serviceprovider' },
    });
    expect(response.json()).toEqual({ status: 'valid' });
  });

  it('refuses a role the token does not grant and an expired token', async () => {
    const token = await sign({ realm_access: { roles: ['client'] } });
    const forbidden = await t.app.inject({
      method: 'GET',
      url: '/user/session/validate',
      headers: { authorization: `Bearer ${token}`, 'x-hasura-role': 'admin' },
    });
    expect(forbidden.statusCode).toBe(403);
    const expired = await sign({ realm_access: { roles: ['client'] } }, '-1m');
    await expect(t.services.tokens.verify(expired)).rejects.toThrow('Could not verify JWT: JWTExpired');
  });

  it('rejects a token of an untrusted issuer', async () => {
    const forged = await new SignJWT({ realm_access: { roles: ['admin'] } })
      .setProtectedHeader({ alg: 'RS256', kid: 'kc-1' })
      .setIssuer('https://evil.example')
      .setSubject('x')
      .setExpirationTime('5m')
      .sign((await generateKeyPair('RS256')).privateKey);
    await expect(t.services.tokens.verify(forged)).rejects.toThrow(/^Could not verify JWT/);
  });
});
