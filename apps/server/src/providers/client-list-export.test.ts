import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvRecords, fetchExport, xlsxRows } from '../../../../test-support/export-files';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { insertProvider } from '../../../../test-support/tenants';
import { createClient } from '../clients/create-client';
import { clientDb } from '../db/client-db';

// The provider's client list as a file, over real HTTP on real PostgreSQL: the cards' data, the collector's last contact
// and the latest open critical findings (global copies kept by triggers); another provider's clients never appear.

let test: TestApp;
let base: string;
let providerId: string;
let otherProviderId: string;
const ids = { anton: '', berta: '', audit: '', fremd: '' };

const download = async (query: string, headers?: Record<string, string>, provider = providerId) =>
  fetchExport(base, `/serviceprovider/${provider}/clients/export${query}`, headers ?? (await test.headersFor('serviceprovider', providerId)));

beforeAll(async () => {
  test = await createTestApp();
  const db = test.services.db;
  providerId = await insertProvider(db, 'Liste-IT GmbH');
  otherProviderId = await insertProvider(db, 'Fremd-IT GmbH');
  ids.anton = await createClient(db, { serviceproviderId: providerId, name: 'Anton AG', location: 'Bremen', employeeCount: 40 });
  ids.berta = await createClient(db, { serviceproviderId: providerId, name: 'Berta GmbH', location: 'Kiel', employeeCount: 12, billingCycle: 'yearly' });
  ids.audit = await createClient(db, { serviceproviderId: providerId, name: 'Audit-Kunde KG', location: 'Bremerhaven', employeeCount: 5, mode: 'audit' });
  ids.fremd = await createClient(db, { serviceproviderId: otherProviderId, name: 'Fremdkunde SE', location: 'Bremen', employeeCount: 9 });
  // Anton was evaluated (score 72 with 3 open critical findings) and its collector reported; Berta never was.
  await clientDb(db, ids.anton)
    .insertInto('score_history')
    .values({ snapshot_fk: null, score: 72, grade: 'C', open_findings: 9, open_critical_findings: 3, computed_at: new Date('2026-11-24T06:00:00Z') })
    .execute();
  await db.updateTable('client').set({ client_security_score: 72 }).where('client_id_pk', '=', ids.anton).execute();
  await clientDb(db, ids.anton)
    .updateTable('status_collector')
    .set({ last_data_at: new Date('2026-11-24T05:30:00Z'), last_replication_at: new Date('2026-11-24T05:45:00Z'), updated_at: sql<Date>`now()` })
    .execute();
  await test.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(test.app.server.address() as AddressInfo).port}`;
});
afterAll(() => test.close());

describe('GET /serviceprovider/{id}/clients/export', () => {
  it('exports the monitored clients as CSV with what the cards show, the last contact and the open critical findings', async () => {
    const answer = await download('?mode=monitoring');
    expect(answer.status).toBe(200);
    expect(answer.contentType).toBe('text/csv; charset=utf-8');
    expect(answer.disposition).toMatch(/^attachment; filename="kunden-monitoring-\d{4}-\d{2}-\d{2}\.csv"$/);
    const records = csvRecords(answer.body);
    expect(records.map((record) => record['Kunde'])).toEqual(['Anton AG', 'Berta GmbH']);
    expect(records[0]).toMatchObject({
      Standort: 'Bremen',
      Modus: 'Monitoring',
      Sicherheitsbewertung: '72',
      Note: 'C',
      'Offene kritische Befunde': '3',
      'Letzte Daten am': '2026-11-24T05:30:00.000Z',
      'Letzte Replikation am': '2026-11-24T05:45:00.000Z',
      Mitarbeiter: '40',
      Abrechnung: 'monatlich',
      'Kunden-ID': ids.anton,
    });
    // Never evaluated, no collector data: empty cells, not -1 or a made-up grade.
    expect(records[1]).toMatchObject({ Sicherheitsbewertung: '', Note: '', 'Offene kritische Befunde': '', Collector: 'Noch keine Collector-Daten', 'Letzte Daten am': '', Abrechnung: 'jährlich' });
  });

  it('honours the page’s search (name or location) and mode, and writes XLSX and JSON', async () => {
    const search = csvRecords((await download('?q=BREM')).body);
    expect(search.map((record) => [record['Kunde'], record['Modus']])).toEqual([
      ['Anton AG', 'Monitoring'],
      ['Audit-Kunde KG', 'Audit'],
    ]);
    const audit = await download('?mode=audit&format=xlsx');
    expect(audit.contentType).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const rows = await xlsxRows(audit.body, 'Kunden');
    expect(rows[0]?.slice(0, 5)).toEqual(['Kunde', 'Standort', 'Modus', 'Sicherheitsbewertung', 'Note']);
    expect(rows.slice(1).map((row) => row.slice(0, 3))).toEqual([['Audit-Kunde KG', 'Bremerhaven', 'Audit']]);
    const json = JSON.parse((await download('?format=json&q=anton')).body.toString('utf8')) as Array<Record<string, unknown>>;
    expect(json).toEqual([expect.objectContaining({ name: 'Anton AG', score: 72, grade: 'C', openCritical: 3, clientId: ids.anton })]);
  });

  it('never shows another provider’s clients and refuses foreign callers with German problems', async () => {
    const own = (await download('')).body.toString('utf8');
    expect(own).not.toContain('Fremdkunde');
    const foreign = await download('', await test.headersFor('serviceprovider', otherProviderId), providerId);
    // The provider guard does not tell a foreign provider whether the id exists.
    expect(foreign.status).toBe(404);
    expect(foreign.contentType).toMatch(/^application\/problem\+json/);
    expect(foreign.body.toString('utf8')).not.toContain('Anton');
    const clientUser = await download('', await test.headersFor('client', ids.anton));
    expect(clientUser.status).toBe(404);
    const bad = await download('?mode=alles');
    expect(bad.status).toBe(400);
    expect((JSON.parse(bad.body.toString('utf8')) as { detail: string }).detail).toBe('Der Modus muss einer dieser Werte sein: „monitoring“, „audit“, „quickcheck“.');
    // An admin may read any provider's list.
    expect(csvRecords((await download('', await test.headersFor('admin', null), otherProviderId)).body).map((record) => record['Kunde'])).toEqual(['Fremdkunde SE']);
  });
});
