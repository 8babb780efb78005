import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { clientDb } from '../db/client-db';
import { DEMO_PROVIDER_NAME, seedDemoData } from '../demo/seed';
import { demoSnapshot, lastWeeksDemoSnapshot } from '../demo/demo-snapshots';
import { evaluateLatestSnapshot } from '../ioe/ioe-evaluation';
import { saveSnapshot } from '../snapshots/snapshot-store';
import { connectFindingsLoader, type FindingsLoader, loadReportFindings } from './report-findings-adapter';

/** Writes the PDF to a temporary file for the poppler tools. */
const pdfFile = (pdf: Buffer): string => {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'burgwall-report-')), 'r.pdf');
  writeFileSync(file, pdf);
  return file;
};
const pdfText = (pdf: Buffer): string => execFileSync('pdftotext', ['-layout', pdfFile(pdf), '-'], { encoding: 'utf8' });
/** Images embedded in the PDF (`pdfimages -list` prints two header lines, then one line per image). */
const pdfImageCount = (pdf: Buffer): number =>
  execFileSync('pdfimages', ['-list', pdfFile(pdf)], { encoding: 'utf8' }).trim().split('\n').length - 2;

let test: TestApp;
let providerId: string;
let clientId: string;
const originalLoader: FindingsLoader = loadReportFindings;

beforeAll(async () => {
  test = await createTestApp();
  ({ providerId } = await seedDemoData(test.database.db));
  const client = await test.database.db
    .selectFrom('client')
    .select('client_id_pk')
    .where('client_name', '=', 'Müller Maschinenbau AG')
    .executeTakeFirstOrThrow();
  clientId = client.client_id_pk;
  await clientDb(test.database.db, clientId)
    .updateTable('status_collector')
    .set({ version: '2.4.1', last_data_at: new Date(), last_replication_at: new Date() })
    .execute();
});
afterAll(() => test.close());
afterEach(() => connectFindingsLoader(originalLoader));

const demoFindings: FindingsLoader = async () => ({
  evaluated: true,
  findings: [
    {
      slug: 'count-domain-admins',
      title: 'Zu viele Domänen-Administratoren',
      criticality: 'high',
      scoreImpact: 8,
      description: 'Die Gruppe Domänen-Admins hat 9 Mitglieder.',
      remediation: 'Reduzieren Sie die Mitglieder auf höchstens fünf persönliche Administrationskonten.',
      affectedObjects: Array.from({ length: 30 }, (_, i) => `admin${i + 1}`),
    },
    {
      slug: 'gpo-reg-autologin',
      title: 'Automatische Anmeldung per Gruppenrichtlinie',
      criticality: 'critical',
      scoreImpact: 15,
      description: 'Die GPO „Kiosk“ speichert ein Kennwort im Klartext.',
      remediation: 'Entfernen Sie DefaultPassword aus der Richtlinie.',
      affectedObjects: ['GPO Kiosk'],
    },
  ],
  exceptions: [{ title: 'Inaktive Konten', objectName: 'svc-backup', reason: 'Notfallkonto, vierteljährlich geprüft' }],
});

describe('GET /client/{clientUUID}/report', () => {
  it('returns a German PDF with score, grade, findings by criticality, objects, exceptions and collector', async () => {
    connectFindingsLoader(demoFindings);
    const response = await test.app.inject({
      method: 'GET',
      url: `/client/${clientId}/report`,
      headers: await test.headersFor('serviceprovider', providerId),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="Sicherheitsbericht-Muller-Maschinenbau-AG-\d{4}-\d{2}-\d{2}\.pdf"$/);
    const text = pdfText(response.rawPayload);
    expect(text).toContain('Sicherheitsbericht');
    expect(text).toContain('Müller Maschinenbau AG');
    expect(text).toContain('74 von 100 Punkten');
    expect(text).toContain('Note C');
    expect(text).toMatch(/Erstellt am \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2} Uhr/);
    expect(text.indexOf('Kritisch (1)')).toBeLessThan(text.indexOf('Hoch (1)'));
    expect(text).toContain('Automatische Anmeldung per Gruppenrichtlinie');
    expect(text).toContain('Betroffene Objekte (30)');
    expect(text).toContain('und 5 weitere');
    expect(text).toContain('svc-backup');
    expect(text).toContain('2.4.1');
    expect(text).toContain('mueller-mb.local');

    // Render page 1 for a visual check (kept under test-results/ for humans).
    const out = path.resolve('test-results/report');
    execFileSync('mkdir', ['-p', out]);
    writeFileSync(path.join(out, 'report.pdf'), response.rawPayload);
    execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', path.join(out, 'report.pdf'), path.join(out, 'page')]);
    expect(readdirSync(out).some((file) => file.startsWith('page') && file.endsWith('.png'))).toBe(true);
  });

  it('says so when no evaluation exists and brands the report with the active white label', async () => {
    await test.database.db
      .updateTable('serviceprovider')
      .set({ whitelabel_is_active: true, whitelabel_company_name: 'Nordlicht IT', whitelabel_email: 'kontakt@nordlicht.example' })
      .where('serviceprovider_id_pk', '=', providerId)
      .execute();
    const response = await test.app.inject({
      method: 'GET',
      url: `/client/${clientId}/report`,
      headers: await test.headersFor('client', clientId),
    });
    expect(response.statusCode).toBe(200);
    const text = pdfText(response.rawPayload);
    expect(text).toContain('Nordlicht IT');
    expect(text).not.toContain('Burgwall');
    expect(text).toContain('noch keine Auswertung');
    expect(text).toContain('kontakt@nordlicht.example');
    expect(text).not.toContain(DEMO_PROVIDER_NAME);
    expect(pdfImageCount(response.rawPayload)).toBe(0);
  });

  it('embeds the uploaded white-label logo, also when it was uploaded as WebP', async () => {
    const logo = await sharp({ create: { width: 240, height: 80, channels: 3, background: '#0b7285' } }).webp().toBuffer();
    await test.database.db
      .updateTable('serviceprovider')
      .set({ whitelabel_logo: logo, whitelabel_logo_type: 'image/webp' })
      .where('serviceprovider_id_pk', '=', providerId)
      .execute();
    const response = await test.app.inject({
      method: 'GET',
      url: `/client/${clientId}/report`,
      headers: await test.headersFor('client', clientId),
    });
    expect(response.statusCode).toBe(200);
    expect(pdfText(response.rawPayload)).toContain('Nordlicht IT');
    expect(pdfImageCount(response.rawPayload)).toBe(1);
  });

  it('has a page with the attack paths to Tier 0 and the best cuts of the newest snapshot', async () => {
    const stadtwerke = (await test.database.db.selectFrom('client').select('client_id_pk').where('client_name', '=', 'Stadtwerke Nordheim').executeTakeFirstOrThrow()).client_id_pk;
    await saveSnapshot(test.database.db, stadtwerke, 'report-attack-paths', demoSnapshot('large', 'swn.intern'));
    const response = await test.app.inject({ method: 'GET', url: `/client/${stadtwerke}/report`, headers: await test.headersFor('serviceprovider', providerId) });
    expect(response.statusCode).toBe(200);
    const text = pdfText(response.rawPayload).replace(/\s+/g, ' ');
    expect(text).toContain('Angriffspfade zu Tier 0');
    expect(text).toContain('7 Konten und Gruppen außerhalb von Tier 0');
    expect(text).toContain('1. IT-Administration hat Vollzugriff auf Domain Admins – trennt 6');
    expect(text).toContain('mitarbeiter011 › ist Mitglied von › Helpdesk › darf das Kennwort zurücksetzen von › it-support');
    // A client without a snapshot has no such page.
    const empty = await test.app.inject({ method: 'GET', url: `/client/${clientId}/report`, headers: await test.headersFor('serviceprovider', providerId) });
    expect(pdfText(empty.rawPayload)).not.toContain('Angriffspfade');
  });

  it('is tenant-scoped: other providers and clients get 404, no token 401', async () => {
    const url = `/client/${clientId}/report`;
    const foreign = await test.app.inject({ method: 'GET', url, headers: await test.headersFor('serviceprovider', '00000000-0000-4000-8000-00000000dead') });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(foreign.json().detail).toBe('Der Kunde wurde nicht gefunden oder Sie haben keinen Zugriff auf ihn.');
    const otherClient = await test.app.inject({ method: 'GET', url, headers: await test.headersFor('client', '00000000-0000-4000-8000-00000000beef') });
    expect(otherClient.statusCode).toBe(404);
    const anonymous = await test.app.inject({ method: 'GET', url });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['content-type']).toMatch(/^application\/problem\+json/);
  });

  it('lists the findings new and resolved since the last Prüfung', async () => {
    const baeckerei = (await test.database.db.selectFrom('client').select('client_id_pk').where('client_name', '=', 'Bäckerei Sonnenschein').executeTakeFirstOrThrow()).client_id_pk;
    const current = demoSnapshot('small', 'baeckerei.local');
    // Last week's collection had a service account that is gone now.
    await saveSnapshot(test.database.db, baeckerei, 'report-last-week', lastWeeksDemoSnapshot(current));
    await evaluateLatestSnapshot(test.database.db, baeckerei);
    await saveSnapshot(test.database.db, baeckerei, 'report-this-week', current);
    await evaluateLatestSnapshot(test.database.db, baeckerei);
    const response = await test.app.inject({ method: 'GET', url: `/client/${baeckerei}/report`, headers: await test.headersFor('serviceprovider', providerId) });
    const text = pdfText(response.rawPayload).replace(/\s+/g, ' ');
    expect(text).toMatch(/Seit der letzten Prüfung Prüfung vom \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2} Uhr im Vergleich zur Prüfung vom/);
    expect(text).toMatch(/Behobene Befunde \([1-9]\d*\) svc-altsystem/);
  });
});
