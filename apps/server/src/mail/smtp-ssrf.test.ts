import { createServer, type Server } from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpCatcher, type SmtpCatcher } from '../../../../test-support/smtp-catcher';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { insertProvider } from '../../../../test-support/tenants';
import { guardedFetch } from '../http/outgoing';

// Regression tests of the penetration test's SSRF finding: a provider's own SMTP server (and its OAuth2 token URL) on
// another spelling of loopback, or on a name that resolves there, must never be connected to.

const UNREACHABLE = /^Keine Verbindung zum SMTP-Server .+ möglich\. Bitte prüfen Sie Host und Port; Adressen in internen Netzen sind nicht erlaubt\.$/;

async function providerHeaders(test: TestApp, providerId: string): Promise<Record<string, string>> {
  return { ...(await test.headersFor('serviceprovider', providerId)), 'content-type': 'application/json' };
}

/** Saves the provider's SMTP settings and presses "Test-E-Mail senden"; answers status, detail and duration. */
async function testMail(test: TestApp, providerId: string, settings: Record<string, unknown>) {
  const headers = await providerHeaders(test, providerId);
  const saved = await test.app.inject({
    method: 'POST',
    url: `/serviceprovider/${providerId}/email/settings`,
    headers,
    payload: { enabled: true, settings: { authMethod: 'none', fromAddress: 'it@kunde.test', ...settings } },
  });
  expect(saved.statusCode, saved.body).toBeLessThan(300);
  const startedAt = performance.now();
  const response = await test.app.inject({ method: 'POST', url: `/serviceprovider/${providerId}/email/test`, headers, payload: {} });
  return { status: response.statusCode, detail: String(response.json().detail ?? ''), ms: performance.now() - startedAt };
}

describe('provider SMTP on internal addresses (default installation)', () => {
  let test: TestApp;
  let smtp4: SmtpCatcher;
  let smtp6: SmtpCatcher;
  let tokenServer: Server;
  let tokenRequests = 0;
  let providerId: string;
  beforeAll(async () => {
    smtp4 = await startSmtpCatcher();
    smtp6 = await startSmtpCatcher({ host: '::1' });
    tokenServer = createServer((_request, response) => {
      tokenRequests++;
      response.end(JSON.stringify({ access_token: 'stolen' }));
    });
    await new Promise<void>((resolve) => tokenServer.listen(0, '127.0.0.1', resolve));
    test = await createTestApp({ OUTGOING_CONNECT_TIMEOUT_MS: '300' });
    providerId = await insertProvider(test.database.db);
  });
  afterAll(async () => {
    await test.close();
    await Promise.all([smtp4.stop(), smtp6.stop(), new Promise((resolve) => tokenServer.close(resolve))]);
  });

  it.each(['::ffff:7f00:1', '0:0:0:0:0:ffff:127.0.0.1', '127.0.0.1', '127.1', '2130706433', '0x7f000001', '64:ff9b::7f00:1', 'localhost'])(
    'never connects to loopback via %s',
    async (host) => {
      const result = await testMail(test, providerId, { host, port: smtp4.port });
      expect(result.status).toBe(400);
      expect(result.detail).toMatch(UNREACHABLE);
      expect(smtp4.connections()).toBe(0);
    },
  );

  it.each(['0:0:0:0:0:0:0:1', '::1', '[::1]'])('never connects to IPv6 loopback via %s', async (host) => {
    const result = await testMail(test, providerId, { host, port: smtp6.port });
    expect(result.status).toBe(400);
    expect(result.detail).toMatch(UNREACHABLE);
    expect(smtp6.connections()).toBe(0);
  });

  it('never connects to a name that resolves to loopback', async () => {
    test.services.outgoing.lookup = async () => [{ address: '127.0.0.1' }];
    try {
      const result = await testMail(test, providerId, { host: 'mail.kunde.test', port: smtp4.port });
      expect(result.detail).toMatch(UNREACHABLE);
      expect(smtp4.connections()).toBe(0);
    } finally {
      delete test.services.outgoing.lookup;
    }
  });

  it('never sends the OAuth2 client secret to an internal token URL', async () => {
    test.services.outgoing.lookup = async () => [{ address: '93.184.215.14' }];
    try {
      const { port } = tokenServer.address() as AddressInfo;
      const result = await testMail(test, providerId, {
        host: 'smtp.office365.test',
        port: 587,
        authMethod: 'oauth2',
        user: 'it@kunde.test',
        oauth2Auth: { clientId: 'app', clientSecret: 'geheim', tokenUrl: `http://[::ffff:7f00:1]:${port}/token` },
      });
      expect(result.status).toBe(400);
      expect(result.detail).toMatch(/OAuth2/);
      expect(tokenRequests).toBe(0);
    } finally {
      delete test.services.outgoing.lookup;
    }
  });
});

describe('guardedFetch', () => {
  let server: Server;
  let requests = 0;
  let url4: string;
  beforeAll(async () => {
    server = createServer((_request, response) => {
      requests++;
      response.end('intern');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url4 = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('refuses every spelling of loopback and a name resolving there, at connect time', async () => {
    const { port } = server.address() as AddressInfo;
    const policy = { allowInternal: false, connectTimeoutMs: 300, lookup: async () => [{ address: '127.0.0.1' }] };
    for (const url of [url4, `http://[::ffff:7f00:1]:${port}/`, `http://[0:0:0:0:0:ffff:127.0.0.1]:${port}/`, `http://2130706433:${port}/`, `http://hook.kunde.test:${port}/`]) {
      await expect(guardedFetch(url, {}, policy), url).rejects.toThrow();
    }
    expect(requests).toBe(0);
  });

  it('checks the address on every connection and connects to the checked one (DNS rebinding)', async () => {
    const { port } = server.address() as AddressInfo;
    let lookups = 0;
    // First answer public, every later one loopback: a check-then-fetch design would connect to loopback.
    const policy = { allowInternal: false, connectTimeoutMs: 300, lookup: async () => [{ address: lookups++ === 0 ? '93.184.215.14' : '127.0.0.1' }] };
    await expect(guardedFetch(`http://rebind.kunde.test:${port}/`, { signal: AbortSignal.timeout(2_000) }, policy)).rejects.toThrow();
    await expect(guardedFetch(`http://rebind.kunde.test:${port}/`, {}, policy)).rejects.toThrow();
    expect(requests).toBe(0);
  });

  it('reaches the same server when the server configuration allows internal hosts (so the refusals above are real)', async () => {
    const response = await guardedFetch(url4, {}, { allowInternal: true, connectTimeoutMs: 300 });
    expect(await response.text()).toBe('intern');
    expect(requests).toBe(1);
  });
});

describe('no port scan through "Test-E-Mail senden"', () => {
  let test: TestApp;
  let silent: net.Server;
  let providerId: string;
  const TIMEOUT_MS = 1_000;
  beforeAll(async () => {
    // An open port that never greets: without the uniform failure time it answers only after the timeout, while a
    // closed port answers at once.
    silent = net.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    test = await createTestApp({ OUTGOING_ALLOW_INTERNAL_HOSTS: 'true', OUTGOING_CONNECT_TIMEOUT_MS: String(TIMEOUT_MS) });
    providerId = await insertProvider(test.database.db);
  });
  afterAll(async () => {
    await test.close();
    await new Promise((resolve) => silent.close(resolve));
  });

  it('answers a closed and a silent port with the same message after the same time', async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const closed = await testMail(test, providerId, { host: '127.0.0.1', port: closedPort });
    const open = await testMail(test, providerId, { host: '127.0.0.1', port: (silent.address() as AddressInfo).port });
    expect(closed.detail.replace(/:\d+/, ':PORT')).toBe(open.detail.replace(/:\d+/, ':PORT'));
    expect(closed.detail).toMatch(UNREACHABLE);
    expect(closed.ms).toBeGreaterThanOrEqual(TIMEOUT_MS * 0.95);
    expect(Math.abs(closed.ms - open.ms) / open.ms).toBeLessThan(0.2);
  });
});
