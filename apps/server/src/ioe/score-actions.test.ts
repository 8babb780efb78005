import { type ExceptionCreated, type ScoreActions, UAC } from '@burgwall/shared';
import { cleanSnapshot, user } from '@burgwall/checks/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { insertProviderWithClient } from '../../../../test-support/tenants';
import { clientDb } from '../db/client-db';
import { saveSnapshot } from '../snapshots/snapshot-store';
import { evaluateLatestSnapshot } from './ioe-evaluation';

// „Größter Gewinn“ on real PostgreSQL: the score each action promises is the score the client gets when its findings go.

let test: TestApp;
let clientId: string;
let otherClientId: string;

beforeAll(async () => {
  test = await createTestApp();
  ({ clientId } = await insertProviderWithClient(test.services.db, { name: 'Gewinn GmbH' }));
  ({ clientId: otherClientId } = await insertProviderWithClient(test.services.db, { name: 'Andere AG' }));
});
afterAll(() => test.close());

async function actions(asClient = clientId): Promise<ScoreActions> {
  const response = await test.app.inject({ method: 'GET', url: `/client/${clientId}/ioe/score-actions`, headers: await test.headersFor('client', asClient) });
  if (asClient !== clientId) throw new Error(`${response.statusCode}`);
  expect(response.statusCode).toBe(200);
  return response.json() as ScoreActions;
}

/** Excepts every open finding of a check through the API; answers the score after the last one. */
async function exceptAll(ioeType: string): Promise<number> {
  const findings = await clientDb(test.services.db, clientId)
    .selectFrom('finding')
    .innerJoin('ioe', 'ioe.ioe_id_pk', 'finding.ioe_fk')
    .select('finding.object_key')
    .where('ioe.ioe_type', '=', ioeType)
    .execute();
  let score = -1;
  for (const finding of findings) {
    const response = await test.app.inject({
      method: 'POST',
      url: `/client/${clientId}/ioe/${ioeType}/exceptions`,
      headers: await test.headersFor('client', clientId),
      payload: { objectKey: finding.object_key, reason: 'Test der Maßnahme' },
    });
    expect(response.statusCode).toBe(201);
    score = (response.json() as ExceptionCreated).score;
  }
  return score;
}

it('has nothing to suggest before the first evaluation', async () => {
  expect(await actions()).toEqual({ score: null, actions: [] });
});

it('lists the checks whose fix raises the score most, and each promised score is the one its fix gives', async () => {
  const snapshot = cleanSnapshot();
  snapshot.users.push(
    user({ sAMAccountName: 'roastbar', userAccountControl: UAC.NORMAL_ACCOUNT | UAC.DONT_REQ_PREAUTH }),
    user({ sAMAccountName: 'ewig', userAccountControl: UAC.NORMAL_ACCOUNT | UAC.DONT_EXPIRE_PASSWORD }),
  );
  await saveSnapshot(test.services.db, clientId, 'gewinn', snapshot);
  await evaluateLatestSnapshot(test.services.db, clientId);

  const before = await actions();
  expect(before.score).not.toBeNull();
  expect(before.actions.length).toBeGreaterThan(0);
  expect(before.actions.length).toBeLessThanOrEqual(5);
  const gains = before.actions.map((action) => action.gain);
  expect(gains).toEqual([...gains].sort((a, b) => b - a));
  for (const action of before.actions) {
    expect(action.gain).toBeGreaterThan(0);
    expect(action.scoreIfFixed).toBe((before.score ?? 0) + action.gain);
  }

  const best = before.actions[0]!;
  expect(await exceptAll(best.ioeType)).toBe(best.scoreIfFixed);
  const after = await actions();
  expect(after.score).toBe(best.scoreIfFixed);
  expect(after.actions.map((action) => action.ioeType)).not.toContain(best.ioeType);
});

it('refuses the client users of another client', async () => {
  await expect(actions(otherClientId)).rejects.toThrow(/403|404/);
});
