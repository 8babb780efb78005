import type { FindingChangesAnswer, Snapshot } from '@burgwall/shared';
import { cleanSnapshot, findGroup, group, sid } from '@burgwall/checks/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { insertProviderWithClient } from '../../../../test-support/tenants';
import { saveSnapshot } from '../snapshots/snapshot-store';
import { evaluateLatestSnapshot } from './ioe-evaluation';

// „Neu / behoben seit letzter Prüfung“ on real PostgreSQL: three collections of one domain, evaluated as the jobs do.

let test: TestApp;
let clientId: string;

beforeAll(async () => {
  test = await createTestApp();
  ({ clientId } = await insertProviderWithClient(test.services.db, { name: 'Vergleich GmbH' }));
});
afterAll(() => test.close());

const GROUP_RID = { Altlast: 5101, Neuzugang: 5102 } as const;
let collections = 0;

/** A clean domain, collected a minute after the last one, where the named groups fully control Domain Admins. */
function domainWhereControls(...names: (keyof typeof GROUP_RID)[]): Snapshot {
  const snapshot = cleanSnapshot();
  snapshot.collectedAt = new Date(Date.parse('2026-11-25T08:00:00Z') + ++collections * 60_000).toISOString();
  // The same group keeps its objectGUID from one collection to the next, as in a real domain.
  const groups = names.map((name) => ({ ...group({ sAMAccountName: name, objectSid: sid(GROUP_RID[name]) }), objectGuid: `00000000-0000-4000-8000-00000000${GROUP_RID[name]}` }));
  snapshot.groups.push(...groups);
  findGroup(snapshot, 512).securityDescriptor = {
    owner: sid(512),
    aces: groups.map((g) => ({ type: 'allow' as const, trustee: g.objectSid, accessMask: 0x10000000, objectType: null, inheritedObjectType: null, flags: 0 })),
  };
  return snapshot;
}

async function collect(batchId: string, snapshot: Snapshot) {
  await saveSnapshot(test.services.db, clientId, batchId, snapshot);
  await evaluateLatestSnapshot(test.services.db, clientId);
}

async function changes(): Promise<FindingChangesAnswer> {
  const response = await test.app.inject({ method: 'GET', url: `/client/${clientId}/ioe/changes`, headers: await test.headersFor('client', clientId) });
  expect(response.statusCode).toBe(200);
  return response.json() as FindingChangesAnswer;
}

const pathFindings = (list: FindingChangesAnswer['new']) => list.filter((item) => item.ioeType === 'attack-path-to-tier0').map((item) => item.objectName);

describe('new and resolved findings since the last Prüfung', () => {
  it('has nothing to compare after the first collection', async () => {
    await collect('erste', domainWhereControls('Altlast'));
    const answer = await changes();
    expect(answer.currentCheckAt).not.toBeNull();
    expect(answer).toMatchObject({ previousCheckAt: null, newCount: 0, resolvedCount: 0, new: [], resolved: [] });
  });

  it('lists what appeared and what went away with the next collection, most critical first', async () => {
    await collect('zweite', domainWhereControls('Neuzugang'));
    const answer = await changes();
    expect(answer.previousCheckAt).not.toBeNull();
    expect(pathFindings(answer.new)).toEqual(['Neuzugang']);
    expect(pathFindings(answer.resolved)).toEqual(['Altlast']);
    expect(answer.new[0]).toMatchObject({ criticality: 'critical', title: expect.any(String) });
    expect(answer.newCount).toBe(answer.new.length);
  });

  it('keeps the comparison when the same data is evaluated again (rescan, thresholds)', async () => {
    const before = await changes();
    await evaluateLatestSnapshot(test.services.db, clientId);
    expect(await changes()).toEqual(before);
  });

  it('starts a new Prüfung with the next collection: unchanged data shows nothing new or resolved', async () => {
    await collect('dritte', domainWhereControls('Neuzugang'));
    expect(await changes()).toMatchObject({ newCount: 0, resolvedCount: 0 });
  });

  it('counts a finding that comes back as new again, and no longer as resolved', async () => {
    await collect('vierte', domainWhereControls('Neuzugang', 'Altlast'));
    const answer = await changes();
    expect(pathFindings(answer.new)).toEqual(['Altlast']);
    expect(pathFindings(answer.resolved)).toEqual([]);
  });
});
