import { type IoeStates, ioeStatesSchema } from '@burgwall/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestDatabase, type TestDatabase } from '../../../../test-support/test-database';
import { createTestApp } from '../../../../test-support/test-app';
import { insertProviderWithClient } from '../../../../test-support/tenants';
import { clientDb } from '../db/client-db';
import { pruneChangeRecords } from '../jobs/retention';
import { sql } from 'kysely';
import { ioeStatesAnswer } from './ioe-states-answer';
import { loadIoeStates } from './ioe-states';

// The dashboard's answer is reused only while the rows it is built from are unchanged: every kind of change the
// dashboard shows (findings, exceptions and their expiry, settings, score, collector, Entra) gives a new answer at once,
// and while nothing changes the very same answer (same object, compressed once) is sent.

let test: TestDatabase;
let clientId: string;

beforeAll(async () => {
  test = await createTestDatabase();
  ({ clientId } = await insertProviderWithClient(test.db));
});
afterAll(() => test.drop());

/** The answer as sent, next to the answer built fresh: they must always agree. */
async function sentAndFresh(): Promise<[IoeStates, IoeStates]> {
  const sent = JSON.parse((await ioeStatesAnswer(test.db, clientId)).json) as IoeStates;
  const fresh = JSON.parse(JSON.stringify(z.encode(ioeStatesSchema, await loadIoeStates(test.db, clientId)))) as IoeStates;
  return [sent, fresh];
}
const stateOf = (states: IoeStates, slug: string) => states.ioe.find((state) => state.ioeType === slug);

it('answers what a fresh build answers after every change the dashboard shows, and the kept answer while nothing changes', async () => {
  const own = clientDb(test.db, clientId);
  const ioe = await own.selectFrom('ioe').select(['ioe_id_pk', 'ioe_type']).orderBy('ioe_type').executeTakeFirstOrThrow();
  let [sent, fresh] = await sentAndFresh();
  expect(sent).toEqual(fresh);
  const unchanged = await ioeStatesAnswer(test.db, clientId);
  expect(await ioeStatesAnswer(test.db, clientId)).toBe(unchanged);
  // A write to a table the answer is not built from keeps it.
  await own.insertInto('collector_log').values({ log_name: 'collector', content: 'Test' }).execute();
  expect(await ioeStatesAnswer(test.db, clientId)).toBe(unchanged);

  const changes: Array<[string, () => Promise<unknown>, (states: IoeStates) => unknown, unknown]> = [
    [
      'an evaluation stores findings',
      async () => {
        await own
          .insertInto('finding')
          .values(['a', 'b'].map((key) => ({ ioe_fk: ioe.ioe_id_pk, object_key: key, object_type: 'user', object_name: key, distinguished_name: null, evidence: '', first_seen_at: new Date() })))
          .execute();
        await own.updateTable('ioe').set({ total_findings_count: 2, last_evaluated_at: new Date() }).where('ioe_id_pk', '=', ioe.ioe_id_pk).execute();
      },
      (states) => stateOf(states, ioe.ioe_type)?.totalFindingsCount,
      2,
    ],
    [
      'an exception for one finding',
      () => own.insertInto('finding_exception').values({ ioe_fk: ioe.ioe_id_pk, object_key: 'a', object_name: 'a', reason: 'Testkonto', comment: null, created_by_user_uid: null, created_by_email: null, expires_at: new Date(Date.now() + 1_500), created_at: new Date() }).execute(),
      (states) => stateOf(states, ioe.ioe_type)?.totalExceptionsCount,
      1,
    ],
    // Nothing written: the exception's end passes, and only the time changed.
    ['the exception expires', () => new Promise((resolve) => setTimeout(resolve, 1_600)), (states) => stateOf(states, ioe.ioe_type)?.totalExceptionsCount, 0],
    ['a criticality override', () => own.updateTable('ioe').set({ criticality_override: 'low' }).where('ioe_id_pk', '=', ioe.ioe_id_pk).execute(), (states) => stateOf(states, ioe.ioe_type)?.criticality, 'low'],
    ['the score', () => test.db.updateTable('client').set({ client_security_score: 61 }).where('client_id_pk', '=', clientId).execute(), (states) => states.score?.score, 61],
    ['the collector reports', () => own.updateTable('status_collector').set({ version: '9.9.9' }).execute(), (states) => states.adConnected, true],
    [
      'Entra ID is connected',
      () => own.insertInto('domain').values({ domain_name: 'contoso.onmicrosoft.com', domain_distinguished_name: null, domain_object_guid: null, domain_entra_plan: 'P2', created_at: new Date() }).execute(),
      (states) => states.entraPlan,
      'P2',
    ],
    ['a check is disabled', () => own.updateTable('ioe').set({ is_disabled: true, disabled_reason: 'nicht relevant' }).where('ioe_id_pk', '=', ioe.ioe_id_pk).execute(), (states) => stateOf(states, ioe.ioe_type)?.isActive, false],
  ];
  for (const [change, apply, shown, expected] of changes) {
    const before = await ioeStatesAnswer(test.db, clientId);
    await apply();
    expect(await ioeStatesAnswer(test.db, clientId), change).not.toBe(before);
    [sent, fresh] = await sentAndFresh();
    expect(shown(sent), change).toEqual(expected);
    expect(sent, change).toEqual(fresh);
  }
});

it('answers a client without IoE rows with its head', async () => {
  const { clientId: empty } = await insertProviderWithClient(test.db, { name: 'Leer GmbH' });
  await clientDb(test.db, empty).deleteFrom('ioe').execute();
  const sent = JSON.parse((await ioeStatesAnswer(test.db, empty)).json) as IoeStates;
  expect(sent.ioe).toEqual([]);
});

it('sees a change committed by a transaction that was still running when the kept answer was built', async () => {
  const { clientId: racing } = await insertProviderWithClient(test.db, { name: 'Wettlauf GmbH' });
  const own = clientDb(test.db, racing);
  const ioe = await own.selectFrom('ioe').select(['ioe_id_pk', 'ioe_type']).orderBy('ioe_type').executeTakeFirstOrThrow();
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let written!: () => void;
  const wroteRow = new Promise<void>((resolve) => (written = resolve));
  // The writer's transaction gets its id (and its change record) before the answer is built, and commits after.
  const writer = test.db.transaction().execute(async (trx) => {
    await clientDb(trx, racing).updateTable('ioe').set({ criticality_override: 'low' }).where('ioe_id_pk', '=', ioe.ioe_id_pk).execute();
    written();
    await released;
  });
  await wroteRow;
  const before = await ioeStatesAnswer(test.db, racing);
  expect(stateOf(JSON.parse(before.json) as IoeStates, ioe.ioe_type)?.criticality).not.toBe('low');
  expect(await ioeStatesAnswer(test.db, racing)).toBe(before);
  release();
  await writer;
  const after = JSON.parse((await ioeStatesAnswer(test.db, racing)).json) as IoeStates;
  expect(stateOf(after, ioe.ioe_type)?.criticality).toBe('low');
});

it('records one change per writing transaction and client, and retention keeps those of the last day', async () => {
  const { clientId: counted } = await insertProviderWithClient(test.db, { name: 'Zähler GmbH' });
  const { clientId: other } = await insertProviderWithClient(test.db, { name: 'Nachbar GmbH' });
  const count = async (clientId: string) =>
    Number((await sql<{ n: string }>`SELECT count(*) AS n FROM ioe_states_change WHERE client_fk = ${clientId}`.execute(test.db)).rows[0]?.n);
  const start = await count(counted);
  const otherStart = await count(other);
  await test.db.transaction().execute(async (trx) => {
    for (const level of ['low', 'medium', 'high'] as const) await clientDb(trx, counted).updateTable('ioe').set({ criticality_override: level }).execute();
  });
  expect(await count(counted)).toBe(start + 1);
  expect(await count(other)).toBe(otherStart);
  await sql`UPDATE ioe_states_change SET recorded_at = now() - interval '25 hours' WHERE client_fk = ${counted}`.execute(test.db);
  await clientDb(test.db, counted).updateTable('ioe').set({ criticality_override: null }).execute();
  expect(await pruneChangeRecords(test.db)).toBeGreaterThanOrEqual(start + 1);
  expect(await count(counted)).toBe(1);
});

it('over HTTP, where the tenant guard checks the kept answer in its own query: a change between two reads is shown', async () => {
  const app = await createTestApp();
  try {
    const { clientId: viewed } = await insertProviderWithClient(app.services.db, { name: 'Wächter GmbH' });
    const own = clientDb(app.services.db, viewed);
    const ioe = await own.selectFrom('ioe').select(['ioe_id_pk', 'ioe_type']).orderBy('ioe_type').executeTakeFirstOrThrow();
    const headers = await app.headersFor('client', viewed);
    const read = async () => (await app.app.inject({ method: 'GET', url: `/client/${viewed}/ioe/states`, headers })).json() as IoeStates;
    expect(stateOf(await read(), ioe.ioe_type)?.criticality).not.toBe('low');
    expect(await read()).toEqual(await read());
    await own.updateTable('ioe').set({ criticality_override: 'low', last_evaluated_at: new Date() }).where('ioe_id_pk', '=', ioe.ioe_id_pk).execute();
    expect(stateOf(await read(), ioe.ioe_type)?.criticality).toBe('low');
    // Only the score (public.client, no recorded table) changes.
    await app.services.db.updateTable('client').set({ client_security_score: 42 }).where('client_id_pk', '=', viewed).execute();
    expect((await read()).score?.score).toBe(42);
    await app.services.db.updateTable('client').set({ client_security_score: 43 }).where('client_id_pk', '=', viewed).execute();
    expect((await read()).score?.score).toBe(43);
  } finally {
    await app.close();
  }
});
