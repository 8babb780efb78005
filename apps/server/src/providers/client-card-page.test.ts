import type { AddressInfo } from 'node:net';
import type { ClientCardPage } from '@burgwall/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { insertProvider } from '../../../../test-support/tenants';
import { createClient } from '../clients/create-client';

// One page of the monitoring/audit list, searched and sorted by the server, over real HTTP on real PostgreSQL: the
// page a provider with thousands of clients loads instead of every card.

let test: TestApp;
let base: string;
let providerId: string;
let otherProviderId: string;

const SCORES: Record<string, number | null> = { 'Zeppelin AG': 91, 'Ärztehaus Nord': 40, 'Bäckerei Müller': 65, 'anton & söhne': null, 'Ostsee_Werft 100%': 65 };

async function page(query: string, provider = providerId, role: 'serviceprovider' | 'client' = 'serviceprovider') {
  const response = await fetch(`${base}/serviceprovider/${provider}/clients/page${query}`, { headers: await test.headersFor(role, role === 'client' ? null : providerId) });
  return { status: response.status, body: (await response.json()) as ClientCardPage & { detail?: string } };
}
const titles = (body: ClientCardPage) => body.cards.map((card) => card.title);

beforeAll(async () => {
  test = await createTestApp();
  const db = test.services.db;
  providerId = await insertProvider(db, 'Seiten-IT GmbH');
  otherProviderId = await insertProvider(db, 'Fremd-IT GmbH');
  let day = 1;
  for (const [name, score] of Object.entries(SCORES)) {
    const id = await createClient(db, { serviceproviderId: providerId, name, location: name === 'Zeppelin AG' ? 'Friedrichshafen' : 'Kiel', employeeCount: 10 });
    await db.updateTable('client').set({ client_security_score: score, created_at: new Date(`2026-11-0${day++}T08:00:00Z`) }).where('client_id_pk', '=', id).execute();
  }
  await createClient(db, { serviceproviderId: providerId, name: 'Audit-Kunde KG', location: 'Kiel', employeeCount: 5, mode: 'audit' });
  await createClient(db, { serviceproviderId: otherProviderId, name: 'Fremdkunde Kiel SE', location: 'Kiel', employeeCount: 9 });
  await test.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(test.app.server.address() as AddressInfo).port}`;
});
afterAll(() => test.close());

describe('GET /serviceprovider/{id}/clients/page', () => {
  it('sorts names as German readers expect (Ä with A, case ignored), pages them and counts all matches', async () => {
    const first = await page('?mode=monitoring&limit=2');
    expect(first.status).toBe(200);
    expect(titles(first.body)).toEqual(['anton & söhne', 'Ärztehaus Nord']);
    expect([first.body.total, first.body.totalWithoutSearch]).toEqual([5, 5]);
    const rest = await page('?mode=monitoring&limit=2&offset=2');
    const last = await page('?mode=monitoring&limit=2&offset=4');
    expect([...titles(rest.body), ...titles(last.body)]).toEqual(['Bäckerei Müller', 'Ostsee_Werft 100%', 'Zeppelin AG']);
    // The cards are the list's cards: a client without an evaluation has no score (-1) and no grade colour.
    expect(first.body.cards[0]).toMatchObject({ type: 'client', securityScore: -1, backgroundColour: 'neutral', mode: 'monitoring', address: 'Kiel' });
  });

  it('sorts by score (no score lowest, ties by a stable order so no card shows twice) and by creation', async () => {
    const ascending = titles((await page('?mode=monitoring&sort=score-asc')).body);
    expect(ascending.slice(0, 2)).toEqual(['anton & söhne', 'Ärztehaus Nord']);
    expect(ascending.at(-1)).toBe('Zeppelin AG');
    expect(titles((await page('?mode=monitoring&sort=score-desc')).body)[0]).toBe('Zeppelin AG');
    expect(titles((await page('?mode=monitoring&sort=score-desc')).body).at(-1)).toBe('anton & söhne');
    expect(titles((await page('?mode=monitoring&sort=newest')).body)).toEqual(['Ostsee_Werft 100%', 'anton & söhne', 'Bäckerei Müller', 'Ärztehaus Nord', 'Zeppelin AG']);
    // Two clients with score 65 over two pages of one: each shows exactly once.
    const tied = [...titles((await page('?mode=monitoring&sort=score-asc&limit=1&offset=2')).body), ...titles((await page('?mode=monitoring&sort=score-asc&limit=1&offset=3')).body)];
    expect(tied.sort()).toEqual(['Bäckerei Müller', 'Ostsee_Werft 100%']);
  });

  it('searches name and location, case-insensitive, with %, _ and umlauts taken literally', async () => {
    const müller = await page('?mode=monitoring&q=M%C3%9CLLER');
    expect(titles(müller.body)).toEqual(['Bäckerei Müller']);
    expect([müller.body.total, müller.body.totalWithoutSearch]).toEqual([1, 5]);
    expect(titles((await page('?mode=monitoring&q=friedrichshafen')).body)).toEqual(['Zeppelin AG']);
    expect(titles((await page('?mode=monitoring&q=100%25')).body)).toEqual(['Ostsee_Werft 100%']);
    expect(titles((await page('?mode=monitoring&q=_')).body)).toEqual(['Ostsee_Werft 100%']);
    const none = await page('?mode=monitoring&q=Hamburg');
    expect([none.body.cards, none.body.total, none.body.totalWithoutSearch]).toEqual([[], 0, 5]);
    // Without a mode: every client of the provider, never another provider's.
    expect(titles((await page('?q=kiel&limit=100')).body)).toEqual(['anton & söhne', 'Ärztehaus Nord', 'Audit-Kunde KG', 'Bäckerei Müller', 'Ostsee_Werft 100%']);
  });

  it('refuses a bad page in German and keeps other providers and client users out', async () => {
    const details: Array<string | undefined> = [];
    for (const query of ['?limit=0', '?limit=101', '?offset=-1', '?sort=zufall', '?mode=alle', '?seite=2']) {
      const bad = await page(query);
      expect(bad.status, query).toBe(400);
      details.push(bad.body.detail);
    }
    expect(details).toEqual([
      'Die Anzahl muss mindestens 1 sein.',
      'Die Anzahl darf höchstens 100 sein.',
      'Der Versatz muss mindestens 0 sein.',
      'Die Sortierung muss einer dieser Werte sein: „name“, „score-asc“, „score-desc“, „newest“.',
      'Der Modus muss einer dieser Werte sein: „monitoring“, „audit“, „quickcheck“.',
      'Das Feld „seite“ ist hier nicht erlaubt.',
    ]);
    // Another provider's list does not exist for this provider's user; a client user has no provider lists.
    const foreign = await page('', otherProviderId);
    expect([foreign.status, foreign.body.cards]).toEqual([404, undefined]);
    const asClient = await page('', providerId, 'client');
    expect([asClient.status, asClient.body.cards]).toEqual([404, undefined]);
    // The same answers as the full list's route: the page adds no way around the provider guard.
    const fullList = await fetch(`${base}/serviceprovider/${otherProviderId}/clients`, { headers: await test.headersFor('serviceprovider', providerId) });
    expect([fullList.status, ((await fullList.json()) as { detail: string }).detail]).toEqual([404, foreign.body.detail]);
  });
});
