import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureCollectorExecutables } from '../../../../test-support/collector-executables';
import { startSmtpCatcher, type SmtpCatcher } from '../../../../test-support/smtp-catcher';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { insertProvider } from '../../../../test-support/tenants';

let test: TestApp;
let mail: SmtpCatcher;
let providerId: string;

beforeAll(async () => {
  // The installer zip carries the built executables.
  await ensureCollectorExecutables();
  mail = await startSmtpCatcher();
  test = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${mail.port}`, PUBLIC_URL: 'http://burgwall.test' });
  providerId = await insertProvider(test.database.db, 'Leuchtturm IT');
});
afterAll(async () => {
  await test.close();
  await mail.stop();
});

const createQuickcheck = async (company: string, email: string) => {
  const response = await test.app.inject({
    method: 'POST',
    url: '/client/quickcheck/new',
    headers: { ...(await test.headersFor('serviceprovider', providerId)), 'content-type': 'application/json' },
    payload: { name: 'Pia Prospekt', company, email, serviceproviderUUID: providerId, phone: '+49 40 123' },
  });
  expect(response.statusCode).toBe(201);
  const caught = await mail.waitFor((m) => m.to.includes(email));
  const url = new URL(caught.text.match(/http:\/\/burgwall\.test\/meta\/quickcheck\/installer\?\S+/)![0]);
  return { clientId: response.json().message as string, token: url.searchParams.get('token') as string, subject: caught.subject, urlClient: url.searchParams.get('client') };
};

describe('quick-check link for the prospect', () => {
  it('mails a link with which the prospect downloads its installer without an account', async () => {
    const first = await createQuickcheck('Fischerei Nord', 'pia@fischerei.test');
    expect(first.subject).toBe('Ihr kostenloser Sicherheits-Quickcheck von Leuchtturm IT');
    expect(first.urlClient).toBe(first.clientId);
    const client = await test.database.db.selectFrom('client').selectAll().where('client_id_pk', '=', first.clientId).executeTakeFirstOrThrow();
    expect(client).toMatchObject({ client_name: 'Fischerei Nord', client_mode: 'quickcheck', client_emergency_contact_name: 'Pia Prospekt', client_admin_email: 'pia@fischerei.test' });

    const download = await test.app.inject({ method: 'GET', url: `/client/${first.clientId}/quickcheck/collector/installer?token=${first.token}` });
    expect(download.statusCode).toBe(200);
    const config = JSON.parse(await (await JSZip.loadAsync(download.rawPayload)).file('burgwall-collector/burgwall-collector.json')!.async('string'));
    expect(config).toMatchObject({ clientId: first.clientId, mode: 'quickcheck', serverUrl: 'http://burgwall.test' });

    // The token opens nothing else: not another quick check, not the normal installer route.
    const second = await createQuickcheck('Werft Süd', 'pia@werft.test');
    const get = (url: string) => test.app.inject({ method: 'GET', url });
    const refused = [
      [await get(`/client/${second.clientId}/quickcheck/collector/installer?token=${first.token}`), 404],
      [await get(`/client/${first.clientId}/quickcheck/collector/installer?token=${'x'.repeat(43)}`), 404],
      [await get(`/client/${first.clientId}/quickcheck/collector/installer?token=kurz`), 404],
      [await get(`/client/${first.clientId}/quickcheck/collector/installer`), 401],
      [await get(`/client/${first.clientId}/collector/installer?token=${first.token}`), 401],
      [await get(`/client/${first.clientId}/license?token=${first.token}`), 401],
    ] as const;
    for (const [response, status] of refused) {
      expect(response.statusCode).toBe(status);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    }
    expect(refused[0][0].json().detail).toBe('Der Kunde wurde nicht gefunden oder Sie haben keinen Zugriff auf ihn.');
  });

  it('offers the quick-check installer of quick-check clients only', async () => {
    const { clientId } = await createQuickcheck('Reederei West', 'pia@reederei.test');
    await test.database.db.updateTable('client').set({ client_mode: 'monitoring' }).where('client_id_pk', '=', clientId).execute();
    const response = await test.app.inject({
      method: 'GET',
      url: `/client/${clientId}/quickcheck/collector/installer`,
      headers: await test.headersFor('serviceprovider', providerId),
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().detail).toBe('Dieser Kunde ist kein Quickcheck-Kunde. Laden Sie den Collector über den normalen Installer herunter.');
  });
});
