import { brotliDecompressSync } from 'node:zlib';
import { type ClientCard, type ClientCardPage, clientCardPageQuerySchema, clientCardPageSchema, clientCardsSchema } from '@burgwall/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { insertProvider } from '../../../../test-support/tenants';
import { createWebSession, sessionIdOfToken } from '../auth/session-store';
import { upsertUser } from '../auth/users';
import { createClient } from '../clients/create-client';
import { clientDb } from '../db/client-db';
import { pruneChangeRecords } from '../jobs/retention';
import { clientCardsAnswer } from './client-cards-answer';
import { readClientCardPage, readClientCards } from './client-cards';

// The provider's cards (a page of them, and the whole list) are reused only while what the cards show is unchanged:
// every kind of change a card shows (names, scores, licences, collector times, new and deleted clients, and a collector
// turning unhealthy with time alone) gives a new answer at once, and while nothing changes the very same answer
// (compressed once) is sent.

let test: TestApp;
let providerId: string;
let firstClient: string;

const QUERY = '?mode=monitoring&limit=24';
const query = clientCardPageQuerySchema.parse({ mode: 'monitoring', limit: '24' });
const urlOf = (provider: string) => `/serviceprovider/${provider}/clients/page${QUERY}`;
const listUrlOf = (provider: string) => `/serviceprovider/${provider}/clients?mode=monitoring`;

beforeAll(async () => {
  test = await createTestApp();
  providerId = await insertProvider(test.services.db, 'Kachel-IT GmbH');
  firstClient = await createClient(test.services.db, { serviceproviderId: providerId, name: 'Anker GmbH', location: 'Kiel', employeeCount: 10 });
  await createClient(test.services.db, { serviceproviderId: providerId, name: 'Brücke AG', location: 'Lübeck', employeeCount: 20 });
});
afterAll(() => test.close());

const answer = (provider = providerId) =>
  clientCardsAnswer(test.services.db, { providerId: provider, url: urlOf(provider) }, () => readClientCardPage(test.services.db, provider, query), (page) => z.encode(clientCardPageSchema, page));
const listAnswer = (provider = providerId) =>
  clientCardsAnswer(test.services.db, { providerId: provider, url: listUrlOf(provider) }, () => readClientCards(test.services.db, provider, 'monitoring'), (cards) => z.encode(clientCardsSchema, cards));
const asSent = <Value>(value: Value): Value => JSON.parse(JSON.stringify(value)) as Value;

/** The page and the list as sent, next to both built fresh: they must always agree. */
async function sentAndFresh(provider = providerId): Promise<[ClientCardPage, ClientCardPage]> {
  const db = test.services.db;
  const sent = JSON.parse((await answer(provider)).json) as ClientCardPage;
  const fresh = asSent(z.encode(clientCardPageSchema, (await readClientCardPage(db, provider, query)).value));
  const sentList = JSON.parse((await listAnswer(provider)).json) as ClientCard[];
  expect(sentList).toEqual(asSent(z.encode(clientCardsSchema, (await readClientCards(db, provider, 'monitoring')).value)));
  expect(sentList).toEqual(sent.cards);
  return [sent, fresh];
}
const cardOf = (page: ClientCardPage, title: string) => page.cards.find((card) => card.title === title);

it('answers what a fresh build answers after every change a card shows, and the kept answer while nothing changes', async () => {
  const db = test.services.db;
  let [sent, fresh] = await sentAndFresh();
  expect(sent).toEqual(fresh);
  const unchanged = await answer();
  expect(await answer()).toBe(unchanged);
  const unchangedList = await listAnswer();
  expect(await listAnswer()).toBe(unchangedList);
  // A write to another provider's client, or to a table the cards are not built from, keeps it.
  const otherProvider = await insertProvider(db, 'Nachbar-IT GmbH');
  const neighbour = await createClient(db, { serviceproviderId: otherProvider, name: 'Nachbar KG', employeeCount: 5 });
  await db.updateTable('client').set({ client_security_score: 70 }).where('client_id_pk', '=', neighbour).execute();
  await clientDb(db, firstClient).insertInto('collector_log').values({ log_name: 'collector', content: 'Test' }).execute();
  expect(await answer()).toBe(unchanged);
  expect(await listAnswer()).toBe(unchangedList);

  let added = '';
  const changes: Array<[string, () => Promise<unknown>, (page: ClientCardPage) => unknown, unknown]> = [
    ['a client is renamed', () => db.updateTable('client').set({ client_name: 'Anker Werft GmbH' }).where('client_id_pk', '=', firstClient).execute(), (page) => page.cards[0]?.title, 'Anker Werft GmbH'],
    ['an evaluation stores a score', () => db.updateTable('client').set({ client_security_score: 88 }).where('client_id_pk', '=', firstClient).execute(), (page) => cardOf(page, 'Anker Werft GmbH')?.securityScore, 88],
    [
      'the licence is cancelled',
      () => db.updateTable('client_license').set({ subscription_status: 'canceled' }).where('client_fk', '=', firstClient).execute(),
      (page) => cardOf(page, 'Anker Werft GmbH')?.subscriptionStatus,
      'canceled',
    ],
    // Written in the client's own schema; a trigger copies it to the global table the cards read (global migration 0121).
    ['the collector sends data', () => clientDb(db, firstClient).updateTable('status_collector').set({ last_data_at: new Date() }).execute(), (page) => cardOf(page, 'Anker Werft GmbH')?.collectorHealth.colour, 'green'],
    [
      'a client is added',
      async () => (added = await createClient(db, { serviceproviderId: providerId, name: 'Christiansen OHG', employeeCount: 3 })),
      (page) => [page.total, page.cards.length],
      [3, 3],
    ],
    ['a client is deleted', () => db.deleteFrom('client').where('client_id_pk', '=', added).execute(), (page) => page.total, 2],
    // Nothing written: the last data turns four hours old, and only the time changed.
    [
      'the collector falls silent',
      async () => {
        await clientDb(db, firstClient).updateTable('status_collector').set({ last_data_at: new Date(Date.now() - 4 * 3_600_000 + 1_500) }).execute();
        const green = await answer();
        expect(cardOf(JSON.parse(green.json) as ClientCardPage, 'Anker Werft GmbH')?.collectorHealth.colour).toBe('green');
        expect(await answer()).toBe(green);
        await new Promise((resolve) => setTimeout(resolve, 1_600));
      },
      (page) => cardOf(page, 'Anker Werft GmbH')?.collectorHealth.colour,
      'red',
    ],
  ];
  for (const [change, apply, shown, expected] of changes) {
    const before = await answer();
    const listBefore = await listAnswer();
    await apply();
    expect(await answer(), change).not.toBe(before);
    expect(await listAnswer(), change).not.toBe(listBefore);
    [sent, fresh] = await sentAndFresh();
    expect(shown(sent), change).toEqual(expected);
    expect(sent, change).toEqual(fresh);
  }
});

it('sees a change committed by a transaction that was still running when the kept page was built', async () => {
  const provider = await insertProvider(test.services.db, 'Wettlauf-IT GmbH');
  const racing = await createClient(test.services.db, { serviceproviderId: provider, name: 'Eile GmbH', employeeCount: 4 });
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let written!: () => void;
  const wroteRow = new Promise<void>((resolve) => (written = resolve));
  // The writer's transaction gets its id (and its change record) before the page is built, and commits after.
  const writer = test.services.db.transaction().execute(async (trx) => {
    await trx.updateTable('client').set({ client_name: 'Weile GmbH' }).where('client_id_pk', '=', racing).execute();
    written();
    await released;
  });
  await wroteRow;
  const before = await answer(provider);
  expect((JSON.parse(before.json) as ClientCardPage).cards[0]?.title).toBe('Eile GmbH');
  expect(await answer(provider)).toBe(before);
  release();
  await writer;
  expect((JSON.parse((await answer(provider)).json) as ClientCardPage).cards[0]?.title).toBe('Weile GmbH');
});

it('records one change per provider and writing transaction, and retention keeps those of the last day', async () => {
  const db = test.services.db;
  const provider = await insertProvider(db, 'Zähl-IT GmbH');
  const clients = [await createClient(db, { serviceproviderId: provider, name: 'Eins KG', employeeCount: 1 }), await createClient(db, { serviceproviderId: provider, name: 'Zwei KG', employeeCount: 1 })];
  const count = async () => Number((await sql<{ n: string }>`SELECT count(*) AS n FROM client_cards_change WHERE serviceprovider_fk = ${provider}`.execute(db)).rows[0]?.n);
  const start = await count();
  await db.transaction().execute(async (trx) => {
    for (const score of [10, 20, 30]) await trx.updateTable('client').set({ client_security_score: score }).where('client_id_pk', 'in', clients).execute();
    await trx.updateTable('client_license').set({ subscription_status: 'past_due' }).where('client_fk', 'in', clients).execute();
  });
  expect(await count()).toBe(start + 1);
  await sql`UPDATE client_cards_change SET recorded_at = now() - interval '25 hours' WHERE serviceprovider_fk = ${provider}`.execute(db);
  await db.updateTable('client').set({ client_security_score: 40 }).where('client_id_pk', '=', clients[0] ?? '').execute();
  expect(await pruneChangeRecords(db)).toBeGreaterThanOrEqual(start + 1);
  expect(await count()).toBe(1);
});

it('over HTTP, where the tenant guard checks the kept page and list in its own query: a change between two reads is shown', async () => {
  const db = test.services.db;
  const provider = await insertProvider(db, 'Wächter-IT GmbH');
  const watched = await createClient(db, { serviceproviderId: provider, name: 'Wacht GmbH', employeeCount: 7 });
  // A real provider user with a real web session: only then does the guard run its query (and the page's probe).
  const email = 'technik@waechter-it.example';
  const userId = await upsertUser(db, { email, password: 'Richtig-2026!', roles: ['serviceprovider'], serviceproviderId: provider });
  const sessionId = sessionIdOfToken((await createWebSession(db, { userId })).token);
  const token = await test.services.tokens.issue({ userId, email, roles: ['serviceprovider'], orgId: provider, sessionId }, 600);
  const headers = { authorization: `Bearer ${token}`, 'x-hasura-role': 'serviceprovider', 'accept-encoding': 'br' };
  const get = async <Body>(url: string) => {
    const response = await test.app.inject({ method: 'GET', url, headers });
    // One card is below the size worth compressing.
    const body = response.headers['content-encoding'] === 'br' ? brotliDecompressSync(response.rawPayload) : response.rawPayload;
    return JSON.parse(body.toString()) as Body;
  };
  const scores = async () => [(await get<ClientCardPage>(urlOf(provider))).cards, await get<ClientCard[]>(listUrlOf(provider))].map((cards) => cards.map((card) => card.securityScore));
  expect(await scores()).toEqual([[-1], [-1]]);
  expect(await scores()).toEqual(await scores());
  await db.updateTable('client').set({ client_security_score: 55 }).where('client_id_pk', '=', watched).execute();
  expect(await scores()).toEqual([[55], [55]]);
  await db.updateTable('client').set({ client_security_score: 56 }).where('client_id_pk', '=', watched).execute();
  expect(await scores()).toEqual([[56], [56]]);
  // Another provider's user is refused, kept page or not.
  const stranger = await test.headersFor('serviceprovider', providerId);
  expect((await test.app.inject({ method: 'GET', url: urlOf(provider), headers: stranger })).statusCode).toBe(404);
});
