import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpCatcher, type SmtpCatcher } from '../../../../test-support/smtp-catcher';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { insertProviderWithClient } from '../../../../test-support/tenants';
import { createMember } from '../team/team-service';

let test: TestApp;
let mail: SmtpCatcher;
let providerId: string;
let clientId: string;
let clientUserId: string;

beforeAll(async () => {
  mail = await startSmtpCatcher();
  test = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${mail.port}` });
  ({ providerId, clientId } = await insertProviderWithClient(test.database.db, { name: 'Seehotel Möwe' }));
  clientUserId = await createMember(test.database.db, { kind: 'client', id: clientId }, { email: 'chefin@moewe.test', firstName: 'Carla', lastName: 'Chefin' }, 'selfhosted');
});
afterAll(async () => {
  await test.close();
  await mail.stop();
});

const asClient = async () => ({ ...(await test.headersFor('client', clientId, { userId: clientUserId, email: 'chefin@moewe.test' })), 'content-type': 'application/json' });

describe('a client user in its own organisation', () => {
  it('manages its team (invitation mail from the provider) and contact, reads its licence', async () => {
    const added = await test.app.inject({ method: 'POST', url: `/client/${clientId}/collaboration/team`, headers: await asClient(), payload: { email: 'it@moewe.test', firstname: 'Ingo', lastname: 'Technik' } });
    expect(added.statusCode).toBe(201);
    const invitation = await mail.waitFor((m) => m.to.includes('it@moewe.test'));
    expect(invitation.subject).toBe('Einladung zu Burgwall von Test-Anbieter GmbH');
    const member = await test.app.inject({ method: 'GET', url: `/client/${clientId}/collaboration/team/member/${added.json().user.id}`, headers: await asClient() });
    expect(member.json()).toMatchObject({ email: 'it@moewe.test', requiredActions: ['UPDATE_PASSWORD'] });
    const unknown = await test.app.inject({ method: 'GET', url: `/client/${clientId}/collaboration/team/member/00000000-0000-4000-8000-000000000000`, headers: await asClient() });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(unknown.json().detail).toBe('Das Teammitglied wurde nicht gefunden.');
    const badInvite = await test.app.inject({ method: 'POST', url: `/client/${clientId}/collaboration/team`, headers: await asClient(), payload: { email: 'kein-at', firstname: '', lastname: 'T' } });
    expect(badInvite.json().errors).toEqual([
      { path: 'body.email', message: 'Die E-Mail-Adresse muss eine gültige E-Mail-Adresse sein.' },
      { path: 'body.firstname', message: 'Der Vorname darf nicht leer sein.' },
    ]);
    const user = await test.database.db.selectFrom('app_user').innerJoin('membership', 'user_fk', 'user_id_pk').selectAll().where('email', '=', 'it@moewe.test').executeTakeFirstOrThrow();
    expect(user.roles).toEqual(['client']);
    expect(user.client_fk).toBe(clientId);

    const contact = await test.app.inject({ method: 'POST', url: `/client/${clientId}/contact`, headers: await asClient(), payload: { email: 'it@moewe.test', name: 'Ingo Technik', phone: '+49 431 1234' } });
    expect(contact.json()).toEqual({ client_admin_email: 'it@moewe.test', client_emergency_contact_name: 'Ingo Technik', client_emergency_contact_phone: '+49 431 1234' });
    const badPhone = await test.app.inject({ method: 'POST', url: `/client/${clientId}/contact`, headers: await asClient(), payload: { email: '', name: '', phone: 'ruf an!' } });
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(badPhone.json().errors).toEqual([{ path: 'body.phone', message: 'Die Telefonnummer darf nur Ziffern, Leerzeichen und + ( ) / - enthalten.' }]);

    const license = await test.app.inject({ method: 'GET', url: `/client/${clientId}/license`, headers: await asClient() });
    expect(license.json()).toMatchObject({ employeeCount: 10, freeSeats: 2, subscriptionStatus: 'active' });
    const installerLicense = await test.app.inject({ method: 'GET', url: `/client/${clientId}/installer/license`, headers: await asClient() });
    expect(installerLicense.json()).toEqual({ subscriptionStatus: 'active', mode: 'monitoring', sleepForMs: 0 });
  });

  it('cannot delete its client, cancel its licence, see provider routes or create clients', async () => {
    const calls = [
      { method: 'DELETE' as const, url: `/client/${clientId}/` },
      { method: 'POST' as const, url: `/client/${clientId}/license/cancel` },
      { method: 'GET' as const, url: `/serviceprovider/${providerId}/` },
      { method: 'GET' as const, url: `/serviceprovider/${providerId}/clients` },
      { method: 'POST' as const, url: '/client/new' },
      { method: 'GET' as const, url: '/admin/serviceprovider' },
    ];
    for (const call of calls) {
      const response = await test.app.inject({ ...call, headers: await asClient(), payload: { name: 'X', employeeCount: 5 } });
      expect([403, 404], `${call.method} ${call.url}`).toContain(response.statusCode);
    }
    expect(await test.database.db.selectFrom('client').select('client_id_pk').where('client_id_pk', '=', clientId).executeTakeFirst()).toBeDefined();
  });

  it('edits its own profile and gets a one-time password link', async () => {
    const headers = await asClient();
    const saved = await test.app.inject({ method: 'POST', url: '/user/', headers, payload: { firstName: 'Carla', lastName: 'Chefin-Neu', notifications: { alert: true, quickcheck: false, info: true } } });
    expect(saved.json()).toMatchObject({ lastName: 'Chefin-Neu', notifications: { alert: true, quickcheck: false, info: true } });
    const read = await test.app.inject({ method: 'GET', url: '/user', headers });
    expect(read.json()).toEqual({ firstName: 'Carla', lastName: 'Chefin-Neu', email: 'chefin@moewe.test', notifications: { alert: true, quickcheck: false, info: true }, requiredActions: ['UPDATE_PASSWORD'] });
    const bad = await test.app.inject({ method: 'POST', url: '/user/', headers, payload: { firstName: '', lastName: 'X', notifications: { alert: 'ja', quickcheck: false, info: true } } });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(bad.json().errors).toEqual([
      { path: 'body.firstName', message: 'Der Vorname darf nicht leer sein.' },
      { path: 'body.notifications.alert', message: 'Die Angabe „Alarme“ muss wahr oder falsch (true/false) sein.' },
    ]);
    const unknownUser = await test.app.inject({ method: 'GET', url: '/user', headers: await test.headersFor('client', clientId, { userId: '00000000-0000-4000-8000-00000000beef' }) });
    expect(unknownUser.statusCode).toBe(404);
    expect(unknownUser.json().detail).toBe('Ihr Benutzerkonto wurde nicht gefunden. Bitte melden Sie sich erneut an.');
    const anonymous = await test.app.inject({ method: 'GET', url: '/user' });
    expect(anonymous.statusCode).toBe(401);
    const link = await test.app.inject({ method: 'GET', url: '/user/password/change', headers });
    expect(link.json().link).toMatch(/\/account\/password\?token=[\w-]{43}$/);
  });
});
