import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpCatcher, type SmtpCatcher } from '../../../../test-support/smtp-catcher';
import { createTestApp, TEST_APP_SECRET, type TestApp } from '../../../../test-support/test-app';
import { insertProvider } from '../../../../test-support/tenants';
import { unsubscribeToken } from '../alerts/unsubscribe-token';
import { findContact } from './mailing-contacts';

const SERVICE_KEY = 'mailing-test-service-key-0123456789';
let test: TestApp;
let smtp: SmtpCatcher;
let base: string;

async function call(method: string, url: string, options: { headers?: Record<string, string>; body?: unknown } = {}) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}), ...options.headers },
    body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
  });
  const text = await response.text();
  return { status: response.status, type: response.headers.get('content-type') ?? '', json: text.startsWith('{') ? JSON.parse(text) : undefined, text };
}
const service = { authorization: `ApiKey ${SERVICE_KEY}` };
const lists = async (email: string) => (await findContact(test.database.db, { email }))?.lists;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  test = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, SERVICE_API_KEY: SERVICE_KEY, PUBLIC_URL: 'http://burgwall.test' });
  await test.app.listen({ port: 0, host: '127.0.0.1' });
  const address = test.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}, 60_000);
afterAll(async () => {
  await test?.close();
  await smtp?.stop();
});

describe('/saas/mailing contacts', () => {
  it('adds, removes from a list, sends a template with unsubscribe link, and deletes', async () => {
    const added = await call('POST', '/saas/mailing/contacts', { headers: service, body: { email: 'Max@Beispiel.test', list: 'quickcheck', firstName: 'Max', lastName: 'Muster', company: 'Muster GmbH' } });
    expect(added.status).toBe(200);
    expect(added.json).toMatchObject({ added: true });
    expect(await lists('max@beispiel.test')).toEqual(['quickcheck']);

    const sent = await call('POST', '/saas/mailing/email/template', { headers: await test.headersFor('admin', null), body: { email: 'max@beispiel.test', template: 'quickcheck-erinnerung' } });
    expect(sent.status).toBe(200);
    expect(sent.json).toEqual({ delivered: true });
    const mail = await smtp.waitFor((m) => m.to.includes('max@beispiel.test'));
    expect(mail.subject).toBe('Ihr Burgwall Quick-Check wartet');
    expect(mail.text).toContain('Guten Tag Max Muster,');
    expect(mail.text).toContain('der Quick-Check für Muster GmbH');
    expect(mail.text).toMatch(/Abmelden: http:\/\/burgwall\.test\/saas\/user\/email-subscription\/update\?token=/);

    const removed = await call('POST', '/saas/mailing/contacts/remove-from-list', { headers: service, body: { email: 'max@beispiel.test', list: 'quickcheck' } });
    expect(removed.json).toEqual({ removed: true });
    expect(await lists('max@beispiel.test')).toEqual([]);
    const notOnList = await call('POST', '/saas/mailing/email/template', { headers: service, body: { email: 'max@beispiel.test', template: 'newsletter' } });
    expect(notOnList.status).toBe(409);
    expect(notOnList.json.detail).toBe('Der Kontakt steht auf keiner Verteilerliste mehr (abgemeldet).');

    // Opted out: not put back without a fresh consent, put back with one.
    expect((await call('POST', '/saas/mailing/contacts', { headers: service, body: { email: 'max@beispiel.test', list: 'quickcheck' } })).json.added).toBe(false);
    expect((await call('POST', '/saas/mailing/contacts', { headers: service, body: { email: 'max@beispiel.test', list: 'quickcheck', consent: true } })).json.added).toBe(true);

    const deleted = await call('DELETE', `/saas/mailing/contacts/${encodeURIComponent('MAX@beispiel.test')}`, { headers: service });
    expect(deleted.status).toBe(200);
    expect(await findContact(test.database.db, { email: 'max@beispiel.test' })).toBeUndefined();
    const again = await call('DELETE', `/saas/mailing/contacts/${encodeURIComponent('max@beispiel.test')}`, { headers: service });
    expect(again.status).toBe(404);
    expect(again.json.detail).toBe('Zu dieser E-Mail-Adresse gibt es keinen Kontakt in den Verteilerlisten.');
  });

  it('needs consent for the newsletter and refuses non-admins and missing keys in German', async () => {
    const noConsent = await call('POST', '/saas/mailing/contacts', { headers: service, body: { email: 'n@beispiel.test', list: 'newsletter' } });
    expect(noConsent.status).toBe(400);
    expect(noConsent.json.detail).toBe('Für den Newsletter ist die Einwilligung des Kontakts nötig (consent: true).');
    const provider = await call('POST', '/saas/mailing/contacts', { headers: await test.headersFor('serviceprovider', await insertProvider(test.database.db)), body: { email: 'n@beispiel.test', list: 'quickcheck' } });
    expect(provider.status).toBe(403);
    const anonymous = await call('POST', '/saas/mailing/contacts/remove-from-list', { body: { email: 'n@beispiel.test', list: 'quickcheck' } });
    expect(anonymous.status).toBe(401);
    expect(anonymous.json.detail).toBe('Der Dienstschlüssel fehlt. Senden Sie ihn in der Kopfzeile Authorization.');
    expect(await findContact(test.database.db, { email: 'n@beispiel.test' })).toBeUndefined();
  });
});

describe('funnels and the SaaS unsubscribe link', () => {
  it('puts a sign-up on „registrierung“ and, only with the box ticked, on the newsletter', async () => {
    const signUp = (email: string, newsletterConsent?: boolean) =>
      call('POST', '/serviceprovider', { body: { companyName: 'Nordlicht IT', initialAccountFirstname: 'Nina', initialAccountLastname: 'Nord', initialAccountEmail: email, ...(newsletterConsent === undefined ? {} : { newsletterConsent }) } });
    expect((await signUp('ohne@nordlicht.test')).status).toBe(201);
    expect(await lists('ohne@nordlicht.test')).toEqual(['registrierung']);
    expect((await signUp('mit@nordlicht.test', true)).status).toBe(201);
    expect(await lists('mit@nordlicht.test')).toEqual(['newsletter', 'registrierung']);
    const contact = await findContact(test.database.db, { email: 'mit@nordlicht.test' });
    expect(contact).toMatchObject({ first_name: 'Nina', last_name: 'Nord', company: 'Nordlicht IT' });
  });

  it('puts a quickcheck contact on „quickcheck“ unless they unsubscribed, and the link works without sign-in', async () => {
    const providerId = await insertProvider(test.database.db, 'Quick Anbieter GmbH');
    const headers = await test.headersFor('serviceprovider', providerId);
    const quickcheck = (email: string) => call('POST', '/client/quickcheck/new', { headers, body: { name: 'Paula Prüfer', company: 'Prüf AG', email, serviceproviderUUID: providerId, phone: '' } });
    expect((await quickcheck('paula@pruef.test')).status).toBe(201);
    const contact = await findContact(test.database.db, { email: 'paula@pruef.test' });
    expect(contact).toMatchObject({ lists: ['quickcheck'], first_name: 'Paula', last_name: 'Prüfer', company: 'Prüf AG' });

    const token = unsubscribeToken(TEST_APP_SECRET, contact!.mailing_contact_id_pk, 'mailing');
    const page = await call('GET', `/saas/user/email-subscription/update?token=${encodeURIComponent(token)}`);
    expect(page.status).toBe(200);
    expect(page.type).toMatch(/^text\/html/);
    expect(page.text).toContain('Die Adresse paula@pruef.test wurde von allen Verteilerlisten abgemeldet.');
    expect(await lists('paula@pruef.test')).toEqual([]);
    // A second quickcheck for the same person does not put them back.
    expect((await quickcheck('paula@pruef.test')).status).toBe(201);
    expect(await lists('paula@pruef.test')).toEqual([]);

    const json = await call('GET', `/saas/user/email-subscription/update?format=json&list=quickcheck&token=${encodeURIComponent(token)}`);
    expect(json.json).toEqual({ email: 'paula@pruef.test', lists: [] });
    // The alert mails' token of the same id is not a mailing token (own purpose), and forged tokens are refused.
    const alertToken = unsubscribeToken(TEST_APP_SECRET, contact!.mailing_contact_id_pk);
    const wrongPurpose = await call('GET', `/saas/user/email-subscription/update?token=${encodeURIComponent(alertToken)}`);
    expect(wrongPurpose.status).toBe(400);
    expect(wrongPurpose.text).toContain('Dieser Abmeldelink ist ungültig oder unvollständig.');
    const jsonInvalid = await call('GET', `/saas/user/email-subscription/update?format=json&token=${encodeURIComponent(alertToken)}`);
    expect(jsonInvalid.status).toBe(400);
    expect(jsonInvalid.type).toMatch(/^application\/problem\+json/);
  });

  it('removes only the named list from the link', async () => {
    await call('POST', '/saas/mailing/contacts', { headers: service, body: { email: 'zwei@listen.test', list: 'newsletter', consent: true } });
    const added = await call('POST', '/saas/mailing/contacts', { headers: service, body: { email: 'zwei@listen.test', list: 'registrierung' } });
    const token = unsubscribeToken(TEST_APP_SECRET, added.json.message, 'mailing');
    const page = await call('GET', `/saas/user/email-subscription/update?list=newsletter&token=${encodeURIComponent(token)}`);
    expect(page.text).toContain('von der Liste „Newsletter“ abgemeldet');
    expect(page.text).toContain('Sie stehen noch auf: Registrierung.');
    expect(await lists('zwei@listen.test')).toEqual(['registrierung']);
  });
});
