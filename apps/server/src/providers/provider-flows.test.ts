import JSZip from 'jszip';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureCollectorExecutables } from '../../../../test-support/collector-executables';
import { startSmtpCatcher, type SmtpCatcher } from '../../../../test-support/smtp-catcher';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { verifyPassword } from '../auth/passwords';
import { findCollectorKey } from '../collector/collector-keys';
import { clientSchemaName } from '../db/client-schema';
import { SMTP_AUTH_FAILED } from '../mail/smtp-errors';
import { insertProviderWithClient } from '../../../../test-support/tenants';

let test: TestApp;
let platformMail: SmtpCatcher;
let providerMail: SmtpCatcher;
let providerId: string;
let providerUserId: string;
const PUBLIC = 'http://burgwall.test:3700';

const linkIn = (text: string) => {
  const match = text.match(/http:\/\/burgwall\.test:3700\/account\/password\?token=([\w-]+)/);
  if (!match) throw new Error(`no link in ${text}`);
  return { url: match[0].slice(PUBLIC.length), token: match[1] as string };
};

beforeAll(async () => {
  // The installer zip carries the built executables.
  await ensureCollectorExecutables();
  platformMail = await startSmtpCatcher();
  providerMail = await startSmtpCatcher({ auth: { user: 'mailer@nordlicht.test', password: 'Richtiges-Passwort-1' } });
  // The test SMTP servers run on loopback, which production refuses (see host-guard.test.ts).
  test = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${platformMail.port}`, PUBLIC_URL: PUBLIC, MAIL_FROM: 'Burgwall <no-reply@burgwall.test>', OUTGOING_ALLOW_INTERNAL_HOSTS: 'true' });
});
afterAll(async () => {
  await test.close();
  await platformMail.stop();
  await providerMail.stop();
});

const asProvider = async () => ({
  ...(await test.headersFor('serviceprovider', providerId, { userId: providerUserId, email: 'inhaberin@nordlicht.test' })),
  'content-type': 'application/json',
});

describe('/register: a service provider signs up', () => {
  it('creates the provider and its first user, who sets a password through the mailed link', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/serviceprovider/',
      headers: { 'content-type': 'application/json' },
      payload: { companyName: 'Nordlicht IT GmbH', initialAccountFirstname: 'Ina', initialAccountLastname: 'Inhaberin', initialAccountEmail: 'inhaberin@nordlicht.test' },
    });
    expect(response.statusCode).toBe(201);
    providerId = response.json().message;
    const user = await test.database.db.selectFrom('app_user').innerJoin('membership', 'user_fk', 'user_id_pk').selectAll().where('email', '=', 'inhaberin@nordlicht.test').executeTakeFirstOrThrow();
    providerUserId = user.user_id_pk;
    expect(user.serviceprovider_fk).toBe(providerId);
    expect(user.roles).toEqual(['serviceprovider']);
    expect(user.required_actions).toEqual(['UPDATE_PASSWORD']);
    expect(user.password_hash).toBeNull();

    const mail = await platformMail.waitFor((m) => m.to.includes('inhaberin@nordlicht.test'));
    expect(mail.subject).toContain('Nordlicht IT GmbH');
    const { url, token } = linkIn(mail.text);
    const form = await test.app.inject({ method: 'GET', url });
    expect(form.statusCode).toBe(200);
    expect(form.body).toContain('Passwort festlegen');
    for (const broken of ['/account/password', '/account/password?token=a&token=b']) {
      const invalid = await test.app.inject({ method: 'GET', url: broken });
      expect(invalid.statusCode).toBe(400);
      expect(invalid.headers['content-type']).toMatch(/^text\/html/);
      expect(invalid.body).toContain('Link ungültig');
    }
    const tooShort = await test.app.inject({ method: 'POST', url: '/account/password', payload: { token, password: 'kurz', confirm: 'kurz' } });
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.body).toContain('mindestens 10 Zeichen');
    const set = await test.app.inject({ method: 'POST', url: '/account/password', payload: { token, password: 'Sicheres-Passwort-42', confirm: 'Sicheres-Passwort-42' } });
    expect(set.statusCode).toBe(303);
    const after = await test.database.db.selectFrom('app_user').selectAll().where('user_id_pk', '=', providerUserId).executeTakeFirstOrThrow();
    expect(await verifyPassword('Sicheres-Passwort-42', after.password_hash)).toBe(true);
    expect(after.required_actions).toEqual([]);
    // The link works once.
    const reused = await test.app.inject({ method: 'POST', url: '/account/password', payload: { token, password: 'Anderes-Passwort-42', confirm: 'Anderes-Passwort-42' } });
    expect(reused.statusCode).toBe(400);
  });

  it('refuses a taken e-mail to admins (409; anonymous sign-up does not tell), bad input (400 naming the field) and non-admin tokens (403)', async () => {
    const body = { companyName: 'Zweite GmbH', initialAccountFirstname: 'A', initialAccountLastname: 'B', initialAccountEmail: 'INHABERIN@nordlicht.test' };
    const anonymous = await test.app.inject({ method: 'POST', url: '/serviceprovider/', headers: { 'content-type': 'application/json' }, payload: body });
    expect(anonymous.statusCode).toBe(201);
    const taken = await test.app.inject({ method: 'POST', url: '/serviceprovider/', headers: { ...(await test.headersFor('admin', null)), 'content-type': 'application/json' }, payload: body });
    expect(taken.statusCode).toBe(409);
    expect(taken.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(taken.json()).toMatchObject({ status: 409, detail: 'Für diese E-Mail-Adresse besteht bereits ein Konto. Bitte melden Sie sich an.' });
    const bad = await test.app.inject({ method: 'POST', url: '/serviceprovider/', headers: { 'content-type': 'application/json' }, payload: { ...body, initialAccountEmail: 'kein-at' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ path: 'body.initialAccountEmail', message: 'Die E-Mail-Adresse des ersten Benutzers muss eine gültige E-Mail-Adresse sein.' }]);
    const tooLong = await test.app.inject({ method: 'POST', url: '/serviceprovider/', headers: { 'content-type': 'application/json' }, payload: { ...body, initialAccountFirstname: 'x'.repeat(101) } });
    expect(tooLong.json().detail).toBe('Der Vorname des ersten Benutzers darf höchstens 100 Zeichen lang sein.');
    // A provider token is refused before the body is looked at (also with a bad body).
    const asProviderToken = await test.app.inject({ method: 'POST', url: '/serviceprovider/', headers: await asProvider(), payload: { ...body, initialAccountEmail: 'neu@x.test' } });
    expect(asProviderToken.statusCode).toBe(403);
    expect(asProviderToken.json().detail).toMatch(/^Angemeldet können nur Administratoren/);
    const badToken = await test.app.inject({ method: 'POST', url: '/serviceprovider/', headers: { authorization: 'Bearer kaputt', 'content-type': 'application/json' }, payload: {} });
    expect(badToken.statusCode).toBe(401);
    expect(badToken.json().detail).toBe('Ihre Anmeldung ist ungültig oder abgelaufen. Bitte melden Sie sich erneut an.');
    const count = await test.database.db.selectFrom('serviceprovider').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });
});

describe('client lifecycle, licence and installer', () => {
  let clientId: string;

  it('creates a client with the price of the pricing table and a subscription', async () => {
    const response = await test.app.inject({ method: 'POST', url: '/client/new', headers: await asProvider(), payload: { name: 'Hafenlogistik KG', location: 'Kiel', employeeCount: 30, billingCycle: 'yearly', mode: 'monitoring', internalAd: true } });
    expect(response.statusCode).toBe(201);
    expect(response.json().price).toBe('275\u00a0€');
    clientId = response.json().message;
    const big = await test.app.inject({ method: 'POST', url: '/client/new', headers: await asProvider(), payload: { name: 'Konzern AG', employeeCount: 1500, billingCycle: 'monthly' } });
    expect(big.json().price).toBe('auf Anfrage');
    const invalid = await test.app.inject({ method: 'POST', url: '/client/new', headers: await asProvider(), payload: { name: '', employeeCount: 0 } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().detail).toBe('Die Anfrage enthält 2 ungültige Angaben: Der Name darf nicht leer sein. Die Mitarbeiterzahl muss mindestens 1 sein.');
    expect(invalid.json().errors.map((error: { path: string }) => error.path)).toEqual(['body.name', 'body.employeeCount']);

    const license = await test.app.inject({ method: 'GET', url: `/client/${clientId}/license`, headers: await asProvider() });
    expect(license.json()).toMatchObject({ employeeCount: 30, freeSeats: 2, subscriptionStatus: 'active', billingCycle: 'yearly', price: '275\u00a0€', cancelAtPeriodEnd: false });
    const cards = await test.app.inject({ method: 'GET', url: `/serviceprovider/${providerId}/clients`, headers: await asProvider() });
    expect(cards.json()).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: clientId, title: 'Hafenlogistik KG', initials: 'HA', securityScore: -1, grade: '-', backgroundColour: 'neutral', employeeCount: 30, billingCycle: 'yearly' })]),
    );
  });

  it('changes the employee count with the new price and cancels at the period end', async () => {
    const change = await test.app.inject({ method: 'POST', url: `/client/${clientId}/employeeCount`, headers: await asProvider(), payload: { employeeCount: 120 } });
    expect(change.json()).toEqual({ employeeCount: 120, billingCycle: 'yearly', price: '825\u00a0€' });
    const sub = await test.database.db.selectFrom('billing_subscription').selectAll().where('client_fk', '=', clientId).executeTakeFirstOrThrow();
    expect(sub.amount_eur).toBe(825);
    const cancel = await test.app.inject({ method: 'POST', url: `/client/${clientId}/license/cancel`, headers: await asProvider(), payload: {} });
    expect(cancel.statusCode).toBe(200);
    const license = await test.app.inject({ method: 'GET', url: `/client/${clientId}/license`, headers: await asProvider() });
    expect(license.json()).toMatchObject({ cancelAtPeriodEnd: true, subscriptionStatus: 'active' });
  });

  it('downloads an installer zip with server URL, client id and a working activation key', async () => {
    const response = await test.app.inject({ method: 'GET', url: `/client/${clientId}/collector/installer`, headers: await asProvider() });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toBe('attachment; filename="burgwall-collector-Hafenlogistik-KG.zip"');
    const zip = await JSZip.loadAsync(response.rawPayload);
    expect(zip.file('burgwall-collector/LIESMICH.txt')).not.toBeNull();
    const config = JSON.parse(await zip.file('burgwall-collector/burgwall-collector.json')!.async('string'));
    expect(config).toMatchObject({ serverUrl: PUBLIC, clientId, clientName: 'Hafenlogistik KG', mode: 'monitoring' });
    expect((await findCollectorKey(test.database.db, config.apiKey))?.clientId).toBe(clientId);
    expect(await findCollectorKey(test.database.db, config.apiKey.replace(/.$/, (c: string) => (c === 'A' ? 'B' : 'A')))).toBeNull();
    // Only quick-check clients have the quick-check installer.
    const quick = await test.app.inject({ method: 'GET', url: `/client/${clientId}/quickcheck/collector/installer`, headers: await asProvider() });
    expect(quick.statusCode).toBe(404);
  });

  it('deletes the client with its schema', async () => {
    const response = await test.app.inject({ method: 'DELETE', url: `/client/${clientId}/`, headers: await asProvider(), payload: {} });
    expect(response.statusCode).toBe(200);
    const schema = await sql<{ n: number }>`SELECT count(*)::int AS n FROM information_schema.schemata WHERE schema_name = ${clientSchemaName(clientId)}`.execute(test.database.db);
    expect(schema.rows[0]?.n).toBe(0);
    expect(await test.database.db.selectFrom('client').select('client_id_pk').where('client_id_pk', '=', clientId).executeTakeFirst()).toBeUndefined();
  });
});

describe('teams and custom SMTP', () => {
  it('invites a team member by mail and lists the required action', async () => {
    const response = await test.app.inject({ method: 'POST', url: `/serviceprovider/${providerId}/collaboration/team`, headers: await asProvider(), payload: { email: 'kollege@nordlicht.test', firstname: 'Kai', lastname: 'Kollege' } });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ user: { email: 'kollege@nordlicht.test', requiredActions: ['UPDATE_PASSWORD'] }, invitationSent: true });
    const mail = await platformMail.waitFor((m) => m.to.includes('kollege@nordlicht.test'));
    expect(mail.text).toContain('Kai Kollege');
    const team = await test.app.inject({ method: 'GET', url: `/serviceprovider/${providerId}/collaboration/team`, headers: await asProvider() });
    expect(team.json().map((m: { email: string }) => m.email)).toEqual(['inhaberin@nordlicht.test', 'kollege@nordlicht.test']);
    const self = await test.app.inject({ method: 'DELETE', url: `/serviceprovider/${providerId}/collaboration/team`, headers: await asProvider(), payload: { userUUID: providerUserId } });
    expect(self.statusCode).toBe(400);
    expect(self.json().detail).toBe('Sie können sich nicht selbst aus dem Team entfernen.');
    const taken = await test.app.inject({ method: 'POST', url: `/serviceprovider/${providerId}/collaboration/team`, headers: await asProvider(), payload: { email: 'KOLLEGE@nordlicht.test', firstname: 'K', lastname: 'K' } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().detail).toBe('Diese E-Mail-Adresse ist bereits einem Benutzerkonto zugeordnet.');
    const notUuid = await test.app.inject({ method: 'DELETE', url: `/serviceprovider/${providerId}/collaboration/team`, headers: await asProvider(), payload: { userUUID: 'x' } });
    expect(notUuid.json().errors).toEqual([{ path: 'body.userUUID', message: 'Die Benutzer-ID muss eine gültige UUID sein.' }]);
    const unknown = await test.app.inject({ method: 'DELETE', url: `/serviceprovider/${providerId}/collaboration/team`, headers: await asProvider(), payload: { userUUID: '00000000-0000-4000-8000-000000000000' } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe('Das Teammitglied wurde nicht gefunden.');
    const removed = await test.app.inject({ method: 'DELETE', url: `/serviceprovider/${providerId}/collaboration/team`, headers: await asProvider(), payload: { userUUID: response.json().user.id } });
    expect(removed.statusCode).toBe(200);
  });

  const settings = (password: string) => ({
    enabled: true,
    settings: {
      host: '127.0.0.1',
      port: providerMail.port,
      secure: false,
      authMethod: 'basic',
      basicAuth: { user: 'mailer@nordlicht.test', password },
      fromName: 'Nordlicht IT',
      fromAddress: 'service@nordlicht.test',
      subject1: 'Willkommen bei {{company}}',
      template1Html: '<p>Hallo {{firstName}}, hier Ihr Link: <a href="{{link}}">{{link}}</a></p>',
    },
  });

  it('stores the password encrypted, sends a test mail through the provider server and its invitations too', async () => {
    const save = await test.app.inject({ method: 'POST', url: `/serviceprovider/${providerId}/email/settings`, headers: await asProvider(), payload: settings('Richtiges-Passwort-1') });
    expect(save.statusCode).toBe(200);
    expect(JSON.stringify(save.json())).not.toContain('Richtiges-Passwort-1');
    expect(save.json().settings.basicAuth).toEqual({ user: 'mailer@nordlicht.test', passwordSet: true });
    const row = await test.database.db.selectFrom('serviceprovider_email_settings').selectAll().where('serviceprovider_fk', '=', providerId).executeTakeFirstOrThrow();
    expect(row.basic_password_sealed).not.toContain('Richtiges-Passwort-1');
    expect(test.services.secrets.open(row.basic_password_sealed as string)).toBe('Richtiges-Passwort-1');

    const testMail = await test.app.inject({ method: 'POST', url: `/serviceprovider/${providerId}/email/test`, headers: await asProvider(), payload: { template: 1 } });
    expect(testMail.statusCode).toBe(200);
    const caught = await providerMail.waitFor((m) => m.to.includes('inhaberin@nordlicht.test'));
    expect(caught.authUser).toBe('mailer@nordlicht.test');
    expect(caught.from).toBe('service@nordlicht.test');
    expect(caught.subject).toBe('[Test] Willkommen bei {{company}}');

    await test.app.inject({ method: 'POST', url: `/serviceprovider/${providerId}/collaboration/team`, headers: await asProvider(), payload: { email: 'zweite@nordlicht.test', firstname: 'Zoe', lastname: 'Zweite' } });
    const invite = await providerMail.waitFor((m) => m.to.includes('zweite@nordlicht.test'));
    expect(invite.html).toContain('Hallo Zoe');
    expect(platformMail.mails.some((m) => m.to.includes('zweite@nordlicht.test'))).toBe(false);
  });

  it('answers a wrong SMTP password with the German error and keeps the password on an empty field', async () => {
    await test.app.inject({ method: 'POST', url: `/serviceprovider/${providerId}/email/settings`, headers: await asProvider(), payload: settings('Falsches-Passwort') });
    const response = await test.app.inject({ method: 'POST', url: `/serviceprovider/${providerId}/email/test`, headers: await asProvider(), payload: { template: 1 } });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(response.json().detail).toBe(SMTP_AUTH_FAILED);
    const keep = settings('');
    await test.app.inject({ method: 'POST', url: `/serviceprovider/${providerId}/email/settings`, headers: await asProvider(), payload: keep });
    const row = await test.database.db.selectFrom('serviceprovider_email_settings').select('basic_password_sealed').where('serviceprovider_fk', '=', providerId).executeTakeFirstOrThrow();
    expect(test.services.secrets.open(row.basic_password_sealed as string)).toBe('Falsches-Passwort');
  });

  it('lists the well-known mail services', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/services/email/well-known-services', headers: await asProvider() });
    const services = response.json() as Array<{ name: string; config: { host: string } }>;
    expect(services.find((s) => s.name === 'Gmail')?.config.host).toBe('smtp.gmail.com');
    const anonymous = await test.app.inject({ method: 'GET', url: '/services/email/well-known-services' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('white-label logo', () => {
  const upload = async (data: Buffer, filename: string) => {
    const boundary = '----burgwall';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="logo"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const headers = await asProvider();
    return test.app.inject({ method: 'POST', url: `/serviceprovider/${providerId}/whitelabel/logo`, headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
  };
  const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

  it('accepts a PNG and refuses other types and oversized files', async () => {
    const ok = await upload(png, 'logo.png');
    expect(ok.statusCode, ok.body).toBe(200);
    const fake = await upload(Buffer.from('<svg onload="alert(1)"></svg>'), 'logo.png');
    expect(fake.statusCode).toBe(400);
    expect(fake.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(fake.json()).toMatchObject({
      detail: 'Das Logo hat ein ungültiges Format: Erlaubt sind PNG, JPEG und WebP.',
      errors: [{ path: 'body.logo', message: 'Das Logo hat ein ungültiges Format: Erlaubt sind PNG, JPEG und WebP.' }],
    });
    const big = await upload(Buffer.concat([png, Buffer.alloc(600 * 1024)]), 'big.png');
    expect(big.statusCode).toBe(400);
    expect(big.json().detail).toBe('Das Logo ist zu groß: Es darf höchstens 512 KB groß sein.');
    const json = await test.app.inject({ method: 'POST', url: `/serviceprovider/${providerId}/whitelabel/logo`, headers: await asProvider(), payload: { logo: 'abc' } });
    expect(json.statusCode).toBe(400);
    expect(json.json().detail).toBe('Bitte senden Sie das Logo als multipart/form-data im Feld „logo“.');
    const view = await test.app.inject({ method: 'GET', url: `/serviceprovider/${providerId}/`, headers: await asProvider() });
    expect(view.json().whitelabel.hasLogo).toBe(true);
    const logo = await test.app.inject({ method: 'GET', url: `/serviceprovider/${providerId}/whitelabel/logo`, headers: await asProvider() });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.rawPayload.equals(png)).toBe(true);
  });
});

describe('provider settings, client list and the platform mail switch', () => {
  const problem = (response: { headers: Record<string, unknown>; json: () => { detail: string } }) => {
    expect(String(response.headers['content-type'])).toMatch(/^application\/problem\+json/);
    return response.json().detail;
  };

  it('saves white label and quick-check settings and answers bad input with German field errors', async () => {
    const saved = await test.app.inject({ method: 'POST', url: `/serviceprovider/${providerId}/whitelabel`, headers: await asProvider(), payload: { companyName: 'Nordlicht', email: 'info@nordlicht.test', phone: '+49 40 123' } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ serviceproviderId: providerId, whitelabel: { companyName: 'Nordlicht', email: 'info@nordlicht.test', phone: '+49 40 123', isActive: true } });
    const bad = await test.app.inject({ method: 'POST', url: `/serviceprovider/${providerId}/whitelabel`, headers: await asProvider(), payload: { companyName: 'x', email: 'kein-at', phone: 'ruf an!' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([
      { path: 'body.email', message: 'Die E-Mail-Adresse muss eine gültige E-Mail-Adresse sein.' },
      { path: 'body.phone', message: 'Die Telefonnummer darf nur Ziffern, Leerzeichen und + ( ) / - enthalten.' },
    ]);

    const quick = await test.app.inject({ method: 'POST', url: `/serviceprovider/${providerId}/quickcheck/settings`, headers: await asProvider(), payload: { origin: 'https://nordlicht.test', privacy: '' } });
    expect(quick.json()).toEqual({ origin: 'https://nordlicht.test', privacy: '' });
    const badQuick = await test.app.inject({ method: 'POST', url: `/serviceprovider/${providerId}/quickcheck/settings`, headers: await asProvider(), payload: { origin: 'keine url', privacy: '' } });
    expect(problem(badQuick)).toBe('Die Adresse der Quick-Check-Seite muss eine gültige URL sein.');

    const mail = await test.app.inject({ method: 'POST', url: `/serviceprovider/${providerId}/email/settings`, headers: await asProvider(), payload: { enabled: false, settings: { port: 0 } } });
    expect(mail.statusCode).toBe(400);
    expect(mail.json().errors).toEqual([
      { path: 'body.settings.port', message: 'Der Port muss mindestens 1 sein.' },
    ]);
    const missing = await test.app.inject({ method: 'POST', url: `/serviceprovider/${providerId}/email/settings`, headers: await asProvider(), payload: { enabled: true, settings: {} } });
    expect(missing.json().errors).toEqual([
      { path: 'body.settings.host', message: 'Bitte geben Sie den SMTP-Server an.' },
      { path: 'body.settings.fromAddress', message: 'Bitte geben Sie die Absenderadresse an.' },
    ]);
    const halfAddress = await test.app.inject({ method: 'POST', url: `/serviceprovider/${providerId}/email/settings`, headers: await asProvider(), payload: { enabled: false, settings: { fromAddress: 'service' } } });
    expect(halfAddress.json().errors).toEqual([{ path: 'body.settings.fromAddress', message: 'Die Absenderadresse muss eine gültige E-Mail-Adresse sein.' }]);
    const badTo = await test.app.inject({ method: 'POST', url: `/serviceprovider/${providerId}/email/test`, headers: await asProvider(), payload: { to: 'kein-at' } });
    expect(problem(badTo)).toBe('Die Empfängeradresse muss eine gültige E-Mail-Adresse sein.');
  });

  it('filters the client list by mode, reports a client status and keeps other providers out', async () => {
    const db = test.database.db;
    const { createClient } = await import('../clients/create-client');
    const clientId = await createClient(db, { serviceproviderId: providerId, name: 'Kai-Werft GmbH', employeeCount: 12, mode: 'audit' });
    const other = await insertProviderWithClient(db, { name: 'Fremdkunde AG' });

    const audit = await test.app.inject({ method: 'GET', url: `/serviceprovider/${providerId}/clients?mode=audit`, headers: await asProvider() });
    expect(audit.json().map((card: { id: string }) => card.id)).toEqual([clientId]);
    const badMode = await test.app.inject({ method: 'GET', url: `/serviceprovider/${providerId}/clients?mode=alle`, headers: await asProvider() });
    expect(badMode.statusCode).toBe(400);
    expect(problem(badMode)).toBe('Der Modus muss einer dieser Werte sein: „monitoring“, „audit“, „quickcheck“.');

    const status = await test.app.inject({ method: 'GET', url: `/serviceprovider/${providerId}/clients/${clientId}/status`, headers: await asProvider() });
    expect(status.json()).toEqual({ status: 'unknown', initialized: false, mode: 'audit', collectorHealth: { data: null, replication: null, colour: 'secondary' } });
    const foreign = await test.app.inject({ method: 'GET', url: `/serviceprovider/${providerId}/clients/${other.clientId}/status`, headers: await asProvider() });
    expect(foreign.statusCode).toBe(404);
    expect(problem(foreign)).toBe('Der Kunde wurde nicht gefunden oder Sie haben keinen Zugriff auf ihn.');
    // An admin too gets 404 for a client of another provider than the one in the path.
    const admin = await test.headersFor('admin', null);
    const mixed = await test.app.inject({ method: 'GET', url: `/serviceprovider/${providerId}/clients/${other.clientId}/status`, headers: admin });
    expect(mixed.statusCode).toBe(404);
    const otherProvider = await test.app.inject({ method: 'GET', url: `/serviceprovider/${other.providerId}`, headers: await asProvider() });
    expect(otherProvider.statusCode).toBe(404);
    expect(problem(otherProvider)).toBe('Der Dienstleister wurde nicht gefunden oder Sie haben keinen Zugriff auf ihn.');

    // Only admins delete providers, and only providers without clients.
    const asOwner = await test.app.inject({ method: 'DELETE', url: `/serviceprovider/${providerId}`, headers: await test.headersFor('serviceprovider', providerId, { userId: providerUserId }) });
    expect(asOwner.statusCode).toBe(403);
    const withClients = await test.app.inject({ method: 'DELETE', url: `/serviceprovider/${other.providerId}`, headers: admin });
    expect(withClients.statusCode).toBe(409);
    expect(problem(withClients)).toBe('Der Dienstleister hat noch 1 Kunden. Bitte löschen Sie zuerst die Kunden.');
  });

  it('switches platform mail as admin only', async () => {
    const admin = { ...(await test.headersFor('admin', null)), 'content-type': 'application/json' };
    const off = await test.app.inject({ method: 'POST', url: '/admin/email/status', headers: admin, payload: { status: false } });
    expect(off.json()).toEqual({ status: false });
    const status = await test.app.inject({ method: 'GET', url: '/admin/email/status', headers: admin });
    expect(status.json()).toEqual({ status: false, smtpConfigured: true, billingMode: 'local' });
    const bad = await test.app.inject({ method: 'POST', url: '/admin/email/status', headers: admin, payload: { status: 'aus' } });
    expect(problem(bad)).toBe('Der Status muss wahr oder falsch (true/false) sein.');
    const asProviderCall = await test.app.inject({ method: 'POST', url: '/admin/email/status', headers: await asProvider(), payload: { status: true } });
    expect(asProviderCall.statusCode).toBe(403);
    await test.app.inject({ method: 'POST', url: '/admin/email/status', headers: admin, payload: { status: true } });
  });
});
