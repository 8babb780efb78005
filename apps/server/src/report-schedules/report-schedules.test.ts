import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpCatcher, type SmtpCatcher } from '../../../../test-support/smtp-catcher';
import { insertProviderWithClient } from '../../../../test-support/tenants';
import { configureProviderSmtp } from '../../../../test-support/provider-mail';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { seedDemoData } from '../demo/seed';
import { queueDueReports } from './report-schedule-jobs';

/** Text of a PDF as poppler's pdftotext reads it (layout kept, so a table row stays on one line). */
function pdfText(pdf: Buffer): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'burgwall-scheduled-')), 'r.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

let smtp: SmtpCatcher;
let test: TestApp;
let providerId: string;
let clientId: string;
let teamUserId: string;
let clientUserId: string;
let otherTenant: { providerId: string; clientId: string };

async function call(method: 'GET' | 'POST' | 'DELETE', url: string, body?: object) {
  const response = await test.app.inject({ method, url, headers: await test.headersFor('serviceprovider', providerId), ...(body ? { payload: body } : {}) });
  return { status: response.statusCode, headers: response.headers, raw: response.rawPayload, json: () => response.json() as Record<string, unknown> & Record<string, never> };
}

async function insertUser(email: string, membership: { serviceprovider_fk?: string; client_fk?: string }): Promise<string> {
  const user = await test.database.db.insertInto('app_user').values({ email, first_name: 'Bericht', last_name: 'Empfänger', roles: [membership.client_fk ? 'client' : 'serviceprovider'] }).returning('user_id_pk').executeTakeFirstOrThrow();
  await test.database.db.insertInto('membership').values({ user_fk: user.user_id_pk, ...membership }).execute();
  return user.user_id_pk;
}

const mailsTo = (email: string) => smtp.mails.filter((mail) => mail.to.includes(email));
const settle = () => new Promise((resolve) => setTimeout(resolve, 2500));

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  test = await createTestApp({ OUTGOING_ALLOW_INTERNAL_HOSTS: 'true', PUBLIC_URL: 'http://burgwall.test' });
  ({ providerId } = await seedDemoData(test.database.db, { snapshots: true }));
  clientId = (await test.database.db.selectFrom('client').select('client_id_pk').where('client_name', '=', 'Stadtwerke Nordheim').executeTakeFirstOrThrow()).client_id_pk;
  await configureProviderSmtp(test, providerId, { port: smtp.port, fromName: 'Muster IT Berichte', fromAddress: 'berichte@muster-it.de' });
  teamUserId = await insertUser('bericht@muster-it.de', { serviceprovider_fk: providerId });
  clientUserId = await insertUser('it@stadtwerke-nordheim.de', { client_fk: clientId });
  otherTenant = await insertProviderWithClient(test.database.db, { name: 'Fremdkunde Beispiel AG' });
  await test.app.ready();
}, 180_000);

afterAll(async () => {
  await smtp?.stop();
  await test?.close();
}, 120_000);

describe('scheduled reports', () => {
  it('mails a client’s PDF report once per period, through the provider’s SMTP server', async () => {
    const saved = await call('POST', `/serviceprovider/${providerId}/report-schedules`, { clientId, frequency: 'monthly', recipientUserIds: [clientUserId] });
    expect(saved.status).toBe(200);
    const now = new Date();
    const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1, 5));
    expect(saved.json()).toMatchObject({ clientId, clientName: 'Stadtwerke Nordheim', frequency: 'monthly', recipientUserIds: [clientUserId], lastSentAt: null, nextSendOn: nextMonth.toISOString().slice(0, 10) });

    // The month it was set up in counts as done: the first report comes at the start of the next one.
    expect(await queueDueReports(test.services, now)).toBe(0);
    expect(await queueDueReports(test.services, nextMonth)).toBe(1);
    const mail = await smtp.waitFor((entry) => entry.to.includes('it@stadtwerke-nordheim.de'), 30_000);
    expect(mail.from).toBe('berichte@muster-it.de');
    expect(mail.subject).toMatch(/^Sicherheitsbericht Stadtwerke Nordheim – /);
    expect(mail.text).toContain('http://burgwall.test/client/');
    const pdfs = mail.attachments.filter((attachment) => attachment.contentType === 'application/pdf');
    expect(pdfs).toHaveLength(1);
    expect(pdfs[0]!.filename).toMatch(/^Sicherheitsbericht-Stadtwerke-Nordheim-\d{4}-\d{2}-\d{2}\.pdf$/);
    const text = pdfText(pdfs[0]!.content);
    expect(text).toContain('Sicherheitsbericht');
    expect(text).toContain('Stadtwerke Nordheim');

    // Later runs in the same month (the same cron slot again, or the next days) send nothing.
    expect(await queueDueReports(test.services, nextMonth)).toBe(0);
    expect(await queueDueReports(test.services, new Date(nextMonth.getTime() + 9 * 86_400_000))).toBe(0);
    await settle();
    expect(mailsTo('it@stadtwerke-nordheim.de')).toHaveLength(1);
    const listed = (await call('GET', `/serviceprovider/${providerId}/report-schedules`)).json() as unknown as Array<{ lastSentAt: string | null }>;
    expect(listed[0]?.lastSentAt).toBe(nextMonth.toISOString());

    // The mail's own link, without sign-in, takes the recipient off this report: the schedule had only them, so it goes.
    const link = /Abbestellen: (\S+)/.exec(mail.text)?.[1] as string;
    expect(link).toMatch(/^http:\/\/burgwall\.test\/user\/email-subscription\/update\?token=/);
    const unsubscribed = await test.app.inject({ method: 'GET', url: link.replace('http://burgwall.test', '') });
    expect(unsubscribed.statusCode).toBe(200);
    expect(unsubscribed.body).toContain('Sie erhalten diesen Bericht ab jetzt nicht mehr.');
    expect((await call('GET', `/serviceprovider/${providerId}/report-schedules`)).json()).toEqual([]);
    const forged = await test.app.inject({ method: 'GET', url: link.replace('http://burgwall.test', '').replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')) });
    expect(forged.statusCode).toBe(400);
  }, 60_000);

  it('refuses recipients outside the team or the client, and client users for the summary, in German', async () => {
    const foreign = await call('POST', `/serviceprovider/${providerId}/report-schedules`, { clientId, frequency: 'weekly', recipientUserIds: ['00000000-0000-4000-8000-00000000abcd'] });
    expect(foreign.status).toBe(400);
    expect(foreign.json().detail).toBe('Empfänger können nur Mitglieder Ihres Teams oder Benutzer dieses Kunden sein.');
    const summaryToClient = await call('POST', `/serviceprovider/${providerId}/report-schedules`, { clientId: null, frequency: 'weekly', recipientUserIds: [clientUserId] });
    expect(summaryToClient.status).toBe(400);
    expect(summaryToClient.json().detail).toBe('Den Übersichtsbericht können nur Mitglieder Ihres Teams erhalten.');
    // Another provider's client is unknown here, and so are its users.
    const foreignClient = await call('POST', `/serviceprovider/${providerId}/report-schedules`, { clientId: otherTenant.clientId, frequency: 'weekly', recipientUserIds: [teamUserId] });
    expect(foreignClient.status).toBe(400);
    expect(foreignClient.json().detail).toBe('Der Kunde wurde nicht gefunden.');
    expect(await test.database.db.selectFrom('report_schedule').select('client_fk').where('client_fk', '=', otherTenant.clientId).execute()).toEqual([]);
    const none = await call('POST', `/serviceprovider/${providerId}/report-schedules`, { clientId: null, frequency: 'weekly', recipientUserIds: [] });
    expect(none.status).toBe(400);
    expect(JSON.stringify(none.json())).toContain('Bitte wählen Sie mindestens einen Empfänger.');
    // The shared schema the form validates with too: an empty client asks for the choice, a wrong id is named as such.
    const noClient = await call('POST', `/serviceprovider/${providerId}/report-schedules`, { clientId: '', frequency: 'weekly', recipientUserIds: [teamUserId] });
    expect(noClient.status).toBe(400);
    expect(JSON.stringify(noClient.json())).toContain('Bitte wählen Sie einen Kunden.');
    const notAnId = await call('POST', `/serviceprovider/${providerId}/report-schedules`, { clientId: 'abc', frequency: 'weekly', recipientUserIds: [teamUserId] });
    expect(JSON.stringify(notAnId.json())).toContain('muss eine gültige UUID sein.');
  });

  it('the provider summary PDF lists every client with its score and grade, downloadable and mailed weekly', async () => {
    const download = await call('GET', `/serviceprovider/${providerId}/report/summary`);
    expect(download.status).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="Uebersichtsbericht-\d{4}-\d{2}-\d{2}\.pdf"$/);
    const text = pdfText(download.raw);
    expect(text).toContain('Übersichtsbericht');
    expect(text).toContain('Häufigste Risiken');
    expect(text).not.toContain('Fremdkunde Beispiel AG');
    const clients = await test.database.db.selectFrom('client').select(['client_name', 'client_security_score']).where('serviceprovider_fk', '=', providerId).execute();
    expect(clients.length).toBeGreaterThanOrEqual(3);
    for (const client of clients) {
      const line = text.split('\n').find((entry) => entry.includes(client.client_name));
      expect(line, client.client_name).toBeDefined();
      const score = client.client_security_score === null ? null : Math.round(Number(client.client_security_score));
      if (score !== null && score >= 0) expect(line).toMatch(new RegExp(`\\)\\s+${score}\\s+[A-F][+-]?\\s`));
    }

    const saved = await call('POST', `/serviceprovider/${providerId}/report-schedules`, { clientId: null, frequency: 'weekly', recipientUserIds: [teamUserId] });
    expect(saved.status).toBe(200);
    expect(saved.json()).toMatchObject({ clientId: null, clientName: null, frequency: 'weekly' });
    const nextWeek = new Date(`${(saved.json() as unknown as { nextSendOn: string }).nextSendOn}T05:00:00Z`);
    expect(nextWeek.getUTCDay()).toBe(1);
    // Due: the summary (weekly, new week). The monthly client report is still done for its month (if the week stays in it).
    await queueDueReports(test.services, nextWeek);
    const mail = await smtp.waitFor((entry) => entry.to.includes('bericht@muster-it.de'), 30_000);
    expect(mail.subject).toMatch(/^Übersichtsbericht aller Kunden – /);
    const pdf = mail.attachments.find((attachment) => attachment.contentType === 'application/pdf');
    expect(pdf?.filename).toMatch(/^Uebersichtsbericht-/);
    for (const client of clients) expect(pdfText(pdf!.content)).toContain(client.client_name);
    await queueDueReports(test.services, new Date(nextWeek.getTime() + 2 * 86_400_000));
    await settle();
    expect(mailsTo('bericht@muster-it.de')).toHaveLength(1);

    const id = (saved.json() as unknown as { id: string }).id;
    expect((await call('DELETE', `/serviceprovider/${providerId}/report-schedules/${id}`)).status).toBe(200);
    expect((await call('DELETE', `/serviceprovider/${providerId}/report-schedules/${id}`)).status).toBe(404);
  }, 90_000);
});
