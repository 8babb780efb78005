import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpCatcher, type SmtpCatcher } from '../../../../test-support/smtp-catcher';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { insertProvider } from '../../../../test-support/tenants';
import { isInternalAddress, resolvePublicHost } from './host-guard';

describe('isInternalAddress', () => {
  it('recognises loopback, private, link-local, CGNAT and IPv6 internal ranges', () => {
    for (const ip of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', 'fd00::1', 'fe80::1', '::ffff:10.0.0.1']) {
      expect(isInternalAddress(ip), ip).toBe(true);
    }
    for (const ip of ['8.8.8.8', '172.32.0.1', '192.169.0.1', '100.128.0.1', '2a00:1450:4001::1']) {
      expect(isInternalAddress(ip), ip).toBe(false);
    }
  });

  it('resolves names before deciding and passes public addresses through', async () => {
    await expect(resolvePublicHost('localhost', false)).rejects.toMatchObject({ code: 'EINTERNALHOST' });
    await expect(resolvePublicHost('93.184.215.14', false)).resolves.toBe('93.184.215.14');
    await expect(resolvePublicHost('localhost', true)).resolves.toBe('localhost');
  });
});

describe('custom SMTP on an internal address (default installation)', () => {
  let test: TestApp;
  let smtp: SmtpCatcher;
  let providerId: string;
  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    test = await createTestApp();
    providerId = await insertProvider(test.database.db);
  });
  afterAll(async () => {
    await test.close();
    await smtp.stop();
  });

  it('is refused with a German message and never connected to', async () => {
    const headers = { ...(await test.headersFor('serviceprovider', providerId)), 'content-type': 'application/json' };
    await test.app.inject({
      method: 'POST',
      url: `/serviceprovider/${providerId}/email/settings`,
      headers,
      payload: { enabled: true, settings: { host: '127.0.0.1', port: smtp.port, authMethod: 'none', fromAddress: 'a@b.test' } },
    });
    const response = await test.app.inject({ method: 'POST', url: `/serviceprovider/${providerId}/email/test`, headers, payload: {} });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(response.json().detail).toBe('Der Server 127.0.0.1 liegt in einem internen Netz und ist als Mailserver nicht erlaubt.');
    expect(smtp.connections()).toBe(0);
  });
});
