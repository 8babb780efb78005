import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCef, parseSyslog, startSyslogListener, type SyslogListener } from '../../../../test-support/syslog-listener';
import { createTestCa, type TestCa } from '../../../../test-support/test-ca';
import { storePrivilegedGroupChange } from '../../../../test-support/privileged-group-change';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { clientDb } from '../db/client-db';
import { seedDemoData } from '../demo/seed';
import { VERSION } from '../version';
import { recordSiemDelivery, deliverSiem } from './siem-delivery';
import { cefExtensionEscape, cefHeaderEscape, syslogFrame } from './siem-message';

let test: TestApp;
let ca: TestCa;
let providerId: string;
let clientId: string;

async function waitUntil<T>(read: () => Promise<T> | T, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const start = Date.now();
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting; last value ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function call(method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, body?: object) {
  const response = await test.app.inject({ method, url, headers: await test.headersFor('serviceprovider', providerId), ...(body ? { payload: body } : {}) });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> & Record<string, never> };
}

const configure = (body: object) => call('PUT', `/serviceprovider/${providerId}/siem`, body);

const privilegedGroupChange = () => storePrivilegedGroupChange(test, clientId);

/** Makes one critical finding of the client new: removed, then found again by the real rescan route. */
async function newCriticalFinding(): Promise<string> {
  const { checkRegistry } = await import('@burgwall/checks');
  const critical = new Set(checkRegistry.filter((check) => check.criticality === 'critical').map((check) => check.slug));
  const own = clientDb(test.database.db, clientId);
  const rows = await own.selectFrom('finding').innerJoin('ioe', 'ioe.ioe_id_pk', 'finding.ioe_fk').select(['finding.finding_id_pk', 'ioe.ioe_type']).orderBy('finding.first_seen_at').execute();
  const target = rows.find((row) => critical.has(row.ioe_type));
  if (!target) throw new Error('demo client has no critical finding');
  await own.deleteFrom('finding').where('finding_id_pk', '=', target.finding_id_pk).execute();
  expect((await call('POST', `/client/${clientId}/audit/rescan`)).status).toBe(200);
  return target.ioe_type;
}

const ioaCount = async () => Number((await clientDb(test.database.db, clientId).selectFrom('ioa_event').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

beforeAll(async () => {
  ca = createTestCa();
  test = await createTestApp({ OUTGOING_ALLOW_INTERNAL_HOSTS: 'true', WEBHOOK_RETRY_DELAY_SECONDS: '1', OUTGOING_CONNECT_TIMEOUT_MS: '1000', PUBLIC_URL: 'http://burgwall.test' });
  ({ providerId } = await seedDemoData(test.database.db, { snapshots: true }));
  clientId = (await test.database.db.selectFrom('client').select('client_id_pk').where('client_name', '=', 'Stadtwerke Nordheim').executeTakeFirstOrThrow()).client_id_pk;
  await test.app.ready();
}, 180_000);

afterAll(async () => {
  await test?.close();
}, 120_000);

describe('CEF escaping', () => {
  it('escapes pipes and backslashes in the header, equals signs, backslashes and line breaks in extension values', () => {
    expect(cefHeaderEscape('a|b\\c\nd')).toBe('a\\|b\\\\c d');
    expect(cefExtensionEscape('CN=x\\y\r\nz')).toBe('CN\\=x\\\\y\\r\\nz');
  });

  it('counts octets, not characters, in the frame (umlauts are two bytes in UTF-8)', () => {
    const frame = syslogFrame(
      { event: 'ioa', item: { trigger: 'ioa', severity: 'high', signatureId: 'x|y', title: 'Gruppe geändert', detail: 'a=b', clientId: 'c', clientName: 'Bäckerei Sonnenschein', occurredAt: '2026-11-25T10:00:00.000Z', link: 'http://l' } },
      'cef',
      'burgwall.test',
    );
    const space = frame.indexOf(0x20);
    const length = Number(frame.subarray(0, space).toString('ascii'));
    expect(length).toBe(frame.length - space - 1);
    expect(length).toBeGreaterThan(frame.subarray(space + 1).toString('utf8').length);
    const message = parseSyslog(frame.subarray(space + 1).toString('utf8'));
    expect(message.pri).toBe(13 * 8 + 3);
    const cef = parseCef(message.msg);
    expect(cef.header[4]).toBe('ioa:x|y');
    expect(cef.extension).toMatchObject({ cs1: 'Bäckerei Sonnenschein', msg: 'a=b', rt: String(Date.parse('2026-11-25T10:00:00.000Z')) });
  });
});

describe('SIEM feed (syslog over TCP and TLS)', () => {
  let tcp: SyslogListener;
  let tls: SyslogListener;

  beforeAll(async () => {
    tcp = await startSyslogListener();
    tls = await startSyslogListener({ tls: ca.server });
  });
  afterAll(async () => {
    await tcp?.stop();
    await tls?.stop();
  });

  it('refuses a host with a scheme and a CA certificate without TLS, in German', async () => {
    const scheme = await configure({ host: 'https://siem.example.de', port: 6514, transport: 'tcp', format: 'cef' });
    expect(scheme.status).toBe(400);
    expect(JSON.stringify(scheme.body)).toContain('Bitte nur den Hostnamen oder die IP-Adresse angeben (ohne https:// und ohne Port).');
    const caWithoutTls = await configure({ host: '127.0.0.1', port: 6514, transport: 'tcp', format: 'cef', caCertificate: ca.caPem });
    expect(caWithoutTls.status).toBe(400);
    expect(JSON.stringify(caWithoutTls.body)).toContain('Ein CA-Zertifikat gibt es nur bei der Übertragung über TLS.');
    expect((await call('GET', `/serviceprovider/${providerId}/siem`)).body).toEqual({ destination: null });
  });

  it('refuses internal addresses when the SSRF guard does not allow them: on saving and on every connection', async () => {
    test.services.outgoing.allowInternal = false;
    try {
      const refused = await configure({ host: '127.0.0.1', port: tcp.port, transport: 'tcp', format: 'cef' });
      expect(refused.status).toBe(400);
      expect(refused.body.detail).toBe('Die Adresse zeigt in ein internes Netz. Der Syslog-Server muss öffentlich erreichbar sein.');
      // Another spelling of loopback is the same address to the guard.
      const mapped = await configure({ host: '[::ffff:7f00:1]', port: tcp.port, transport: 'tcp', format: 'cef' });
      expect(mapped.status).toBe(400);
    } finally {
      test.services.outgoing.allowInternal = true;
    }
    // Saved while allowed (a self-hosted installation); the guard is asked again when connecting.
    expect((await configure({ host: '127.0.0.1', port: tcp.port, transport: 'tcp', format: 'cef' })).status).toBe(200);
    const deliveryId = await recordSiemDelivery(test.database.db, providerId, {
      event: 'test',
      item: { trigger: 'ioa', severity: 'info', title: 'x', detail: 'y', clientId, clientName: 'z', occurredAt: new Date().toISOString(), link: 'http://burgwall.test' },
    });
    await expect(deliverSiem({ ...test.services, outgoing: { ...test.services.outgoing, allowInternal: false } }, deliveryId)).rejects.toThrow(/internes Netz/);
    const row = await test.database.db.selectFrom('siem_delivery').selectAll().where('siem_delivery_id_pk', '=', deliveryId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'failed', attempts: 1, last_error: 'Die Adresse zeigt in ein internes Netz und ist nicht erlaubt.' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(tcp.messages).toHaveLength(0);
    await test.database.db.deleteFrom('siem_delivery').execute();
  });

  it('sends exactly one CEF message per IoA and per new critical finding over TCP', async () => {
    const ioasBefore = await ioaCount();
    await privilegedGroupChange();
    await waitUntil(ioaCount, (count) => count > ioasBefore);
    const raisedIoas = (await ioaCount()) - ioasBefore;
    const [ioa] = await tcp.waitForCount(raisedIoas);
    expect(ioa!.version).toBe('1');
    expect(ioa!.appName).toBe('burgwall');
    expect(ioa!.hostname).toBe('burgwall.test');
    expect(ioa!.msgId).toBe('IOA');
    const cef = parseCef(ioa!.msg);
    const event = await clientDb(test.database.db, clientId).selectFrom('ioa_event').selectAll().orderBy('created_at', 'desc').limit(1).executeTakeFirstOrThrow();
    expect(cef.header.slice(0, 4)).toEqual(['CEF:0', 'Burgwall', 'Burgwall', VERSION]);
    expect(cef.header[4]).toBe(`ioa:${event.detector}`);
    expect(cef.header[5]).toBe(event.title);
    expect(Number(cef.header[6])).toBe({ critical: 10, high: 8, medium: 5, low: 3, info: 1 }[event.severity]);
    // RFC 5424 PRI: facility 13 (log audit) × 8 + the syslog severity.
    expect(ioa!.pri).toBe(13 * 8 + { critical: 2, high: 3, medium: 4, low: 5, info: 6 }[event.severity]);
    expect(cef.extension).toMatchObject({ cat: 'ioa', cs1Label: 'Kunde', cs1: 'Stadtwerke Nordheim', cs2: clientId, msg: `Objekt: ${event.distinguished_name}` });
    expect(Number(cef.extension.rt)).toBe(event.occurred_at.getTime());

    const slug = await newCriticalFinding();
    const messages = await tcp.waitForCount(raisedIoas + 1);
    const finding = messages.at(-1)!;
    expect(finding.msgId).toBe('FINDING');
    const findingCef = parseCef(finding.msg);
    expect(findingCef.header[4]).toBe(`finding:${slug}`);
    expect(findingCef.header[6]).toBe('10');
    expect(findingCef.extension.cat).toBe('finding');

    // Evaluated again (rescan, IoA job again): nothing is sent twice.
    await call('POST', `/client/${clientId}/audit/rescan`);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(tcp.messages).toHaveLength(raisedIoas + 1);
    const destination = (await call('GET', `/serviceprovider/${providerId}/siem`)).body.destination as unknown as { lastDelivery: { status: string } };
    expect(destination.lastDelivery.status).toBe('delivered');
  }, 60_000);

  it('JSON over TLS with the provider’s CA certificate: the test message and an IoA, one message each', async () => {
    const saved = await configure({ host: 'localhost', port: tls.port, transport: 'tls', format: 'json', caCertificate: ca.caPem });
    expect(saved.status).toBe(200);
    const answer = await call('POST', `/serviceprovider/${providerId}/siem/test`);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ event: 'test', status: 'delivered', attempts: 1, lastError: null });
    const [testMessage] = await tls.waitForCount(1);
    expect(testMessage!.msgId).toBe('TEST');
    expect(JSON.parse(testMessage!.msg)).toMatchObject({ vendor: 'Burgwall', event: 'test', signatureId: 'burgwall-test', title: 'Testnachricht', version: VERSION });

    const ioasBefore = await ioaCount();
    await privilegedGroupChange();
    await waitUntil(ioaCount, (count) => count > ioasBefore);
    const raised = (await ioaCount()) - ioasBefore;
    const messages = await tls.waitForCount(1 + raised);
    const ioa = JSON.parse(messages[1]!.msg) as Record<string, string>;
    expect(ioa).toMatchObject({ event: 'ioa', clientName: 'Stadtwerke Nordheim', clientId });
    expect(ioa.signatureId).toMatch(/^ioa:/);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(tls.messages).toHaveLength(1 + raised);

    // Without the CA the certificate is not trusted: a German reason, shown as the last result.
    expect((await configure({ host: 'localhost', port: tls.port, transport: 'tls', format: 'json' })).status).toBe(200);
    const untrusted = await call('POST', `/serviceprovider/${providerId}/siem/test`);
    expect(untrusted.body).toMatchObject({ status: 'failed', lastError: 'Dem TLS-Zertifikat des Syslog-Servers wird nicht vertraut. Bitte prüfen Sie das CA-Zertifikat und den Hostnamen.' });
    await test.database.db.deleteFrom('siem_delivery').execute();
  }, 60_000);

  it('retries with backoff after the listener was down and delivers once it is back', async () => {
    // A port that was free a moment ago: nobody listens there yet.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    expect((await configure({ host: '127.0.0.1', port, transport: 'tcp', format: 'cef' })).status).toBe(200);

    const ioasBefore = await ioaCount();
    await privilegedGroupChange();
    const failed = await waitUntil(
      () => test.database.db.selectFrom('siem_delivery').selectAll().where('event', '=', 'ioa').execute(),
      (rows) => rows.length > 0 && rows.every((row) => row.status === 'failed'),
    );
    expect(failed[0]!.last_error).toBe('Der Syslog-Server hat die Verbindung abgelehnt (läuft er auf diesem Port?).');
    const raised = (await ioaCount()) - ioasBefore;

    const back = await startSyslogListener({ port });
    try {
      await back.waitForCount(raised, 30_000);
      const rows = await waitUntil(
        () => test.database.db.selectFrom('siem_delivery').selectAll().where('event', '=', 'ioa').execute(),
        (list) => list.every((row) => row.status === 'delivered'),
      );
      expect(rows.every((row) => row.attempts >= 2)).toBe(true);
      expect(parseCef(back.messages[0]!.msg).extension.cat).toBe('ioa');
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(back.messages).toHaveLength(raised);
    } finally {
      await back.stop();
    }
  }, 90_000);
});
