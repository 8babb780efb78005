import { type IoeStates, ioeStatesSchema } from '@burgwall/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestDatabase, type TestDatabase } from '../../../../test-support/test-database';
import { insertProviderWithClient } from '../../../../test-support/tenants';
import { clientDb } from '../db/client-db';
import { ioeStatesJson } from './ioe-states-answer';
import { ioeStatesFingerprint, loadIoeStates } from './ioe-states';

// The dashboard's answer is reused only while the rows it is built from are unchanged: every kind of change the
// dashboard shows (findings, exceptions and their expiry, settings, score, collector, Entra) gives a new answer at once.

let test: TestDatabase;
let clientId: string;

beforeAll(async () => {
  test = await createTestDatabase();
  ({ clientId } = await insertProviderWithClient(test.db));
});
afterAll(() => test.drop());

/** The answer as sent, next to the answer built fresh: they must always agree. */
async function sentAndFresh(): Promise<[IoeStates, IoeStates]> {
  const sent = JSON.parse(await ioeStatesJson(test.db, clientId)) as IoeStates;
  const fresh = JSON.parse(JSON.stringify(z.encode(ioeStatesSchema, await loadIoeStates(test.db, clientId)))) as IoeStates;
  return [sent, fresh];
}
const stateOf = (states: IoeStates, slug: string) => states.ioe.find((state) => state.ioeType === slug);

it('answers what a fresh build answers after every change the dashboard shows, and the same digest while nothing changes', async () => {
  const own = clientDb(test.db, clientId);
  const ioe = await own.selectFrom('ioe').select(['ioe_id_pk', 'ioe_type']).orderBy('ioe_type').executeTakeFirstOrThrow();
  let [sent, fresh] = await sentAndFresh();
  expect(sent).toEqual(fresh);
  const unchanged = await ioeStatesFingerprint(test.db, clientId);
  expect(await ioeStatesFingerprint(test.db, clientId)).toBe(unchanged);
  expect(unchanged).toMatch(/^[0-9a-f]{32}$/);

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
    const before = await ioeStatesFingerprint(test.db, clientId);
    await apply();
    expect(await ioeStatesFingerprint(test.db, clientId), change).not.toBe(before);
    [sent, fresh] = await sentAndFresh();
    expect(shown(sent), change).toEqual(expected);
    expect(sent, change).toEqual(fresh);
  }
});

it('builds the answer for a client without IoE rows every time (nothing to digest)', async () => {
  const { clientId: empty } = await insertProviderWithClient(test.db, { name: 'Leer GmbH' });
  await clientDb(test.db, empty).deleteFrom('ioe').execute();
  expect(await ioeStatesFingerprint(test.db, empty)).toBeNull();
  const sent = JSON.parse(await ioeStatesJson(test.db, empty)) as IoeStates;
  expect(sent.ioe).toEqual([]);
});
