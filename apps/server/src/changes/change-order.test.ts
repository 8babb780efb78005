import type { AttributeChange } from '@burgwall/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { insertProviderWithClient } from '../../../../test-support/tenants';
import { clientDb } from '../db/client-db';
import { GRAPHQL_PATH } from '../graphql/register-graphql';
import type { TimeOrder } from '../graphql/cursor';
import { findIoaEvents } from '../ioa/ioa-queries';
import { saveChanges } from './change-store';
import { findChanges } from './change-queries';

/** Change history and security log page newest or oldest first; each cursor belongs to its order (issue 17). */
let testApp: TestApp;
let clientId: string;

// Seven changes over five timestamps: ties on the timestamp are broken by the id, so paging in twos crosses them.
const TIMES = ['2026-11-20T10:00:00.000Z', '2026-11-21T10:00:00.000Z', '2026-11-21T10:00:00.000Z', '2026-11-22T10:00:00.000Z', '2026-11-22T10:00:00.000Z', '2026-11-22T10:00:00.000Z', '2026-11-23T10:00:00.000Z'];

const change = (index: number): AttributeChange => ({
  objectGuid: '6f1c2a47-52a4-4d3c-9a55-0c7e9b3f1a01',
  objectClass: 'user',
  distinguishedName: 'CN=Reihenfolge,CN=Users,DC=lab,DC=example',
  propertyName: 'description',
  oldValue: null,
  newValue: `Wert ${index}`,
  timestamp: TIMES[index] ?? '',
  usn: 500 + index,
});

beforeAll(async () => {
  testApp = await createTestApp();
  ({ clientId } = await insertProviderWithClient(testApp.services.db, { name: 'Sortierung GmbH' }));
  const { changeIds } = await saveChanges(testApp.services.db, clientId, TIMES.map((_time, index) => change(index)));
  await clientDb(testApp.services.db, clientId)
    .insertInto('ioa_event')
    .values(
      changeIds.map((changeFk, index) => ({
        change_fk: changeFk,
        detector: 'privileged-group-member-added',
        severity: 'high' as const,
        title: `Ereignis ${index}`,
        evidence: '{}',
        object_guid: change(index).objectGuid,
        distinguished_name: change(index).distinguishedName,
        occurred_at: new Date(TIMES[index] ?? ''),
      })),
    )
    .execute();
});
afterAll(() => testApp.close());

/** Every page of a keyset list, collected in order. */
async function allPages<T>(page: (after: string | null) => Promise<{ nodes: T[]; endCursor: string | null; hasNextPage: boolean }>): Promise<T[]> {
  const collected: T[] = [];
  let after: string | null = null;
  for (;;) {
    const result = await page(after);
    collected.push(...result.nodes);
    if (!result.hasNextPage) return collected;
    after = result.endCursor;
  }
}

/** (time, id) ascending for oldest first, descending for newest first. */
function expectedOrder<T>(rows: T[], key: (row: T) => [number, bigint], order: TimeOrder): T[] {
  const ascending = [...rows].sort((a, b) => {
    const [timeA, idA] = key(a);
    const [timeB, idB] = key(b);
    return timeA - timeB || (idA < idB ? -1 : idA > idB ? 1 : 0);
  });
  return order === 'OLDEST_FIRST' ? ascending : ascending.reverse();
}

describe('findChanges and findIoaEvents', () => {
  for (const order of ['NEWEST_FIRST', 'OLDEST_FIRST'] as const) {
    it(`pages the change history ${order} in twos without duplicates or gaps`, async () => {
      const rows = await allPages((after) => findChanges(testApp.services.db, clientId, {}, 2, after, order));
      expect(rows).toHaveLength(TIMES.length);
      expect(new Set(rows.map((row) => row.id)).size).toBe(TIMES.length);
      expect(rows).toEqual(expectedOrder(rows, (row) => [row.timestamp.getTime(), BigInt(row.id)], order));
      expect(rows[0]?.newValue).toBe(order === 'OLDEST_FIRST' ? 'Wert 0' : 'Wert 6');
    });

    it(`pages the security log ${order} in twos without duplicates or gaps`, async () => {
      const rows = await allPages((after) => findIoaEvents(testApp.services.db, clientId, {}, 2, after, order));
      expect(new Set(rows.map((row) => row.id)).size).toBe(TIMES.length);
      expect(rows).toEqual(expectedOrder(rows, (row) => [row.occurredAt.getTime(), BigInt(row.id)], order));
      expect(rows[0]?.title).toBe(order === 'OLDEST_FIRST' ? 'Ereignis 0' : 'Ereignis 6');
    });
  }
});

describe('GraphQL order argument', () => {
  const post = async (query: string, variables: Record<string, unknown>) => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: GRAPHQL_PATH,
      headers: { 'content-type': 'application/json', ...(await testApp.headersFor('client', clientId)) },
      payload: JSON.stringify({ query, variables }),
    });
    return response.json<{ data?: Record<string, { nodes: { newValue?: string; title?: string }[]; pageInfo: { endCursor: string; hasNextPage: boolean } }> | null; errors?: { message: string }[] }>();
  };
  const changesQuery = `query ($id: ID!, $after: String, $order: TimeOrder) { changes(clientId: $id, first: 3, after: $after, order: $order) { nodes { newValue } pageInfo { endCursor hasNextPage } } }`;
  const eventsQuery = `query ($id: ID!, $after: String, $order: TimeOrder) { ioaEvents(clientId: $id, first: 3, after: $after, order: $order) { nodes { title } pageInfo { endCursor hasNextPage } } }`;

  it('pages the changes oldest first, and newest first without the argument', async () => {
    const values = async (order: TimeOrder | undefined) =>
      allPages(async (after) => {
        const changes = (await post(changesQuery, { id: clientId, after, order })).data?.changes;
        if (!changes) throw new Error('keine Daten');
        return { nodes: changes.nodes, endCursor: changes.pageInfo.endCursor, hasNextPage: changes.pageInfo.hasNextPage };
      });
    const oldest = (await values('OLDEST_FIRST')).map((node) => node.newValue);
    expect(oldest).toEqual(['Wert 0', 'Wert 1', 'Wert 2', 'Wert 3', 'Wert 4', 'Wert 5', 'Wert 6']);
    expect((await values(undefined)).map((node) => node.newValue)).toEqual([...oldest].reverse());
  });

  it('answers a cursor replayed in the other order with a German error', async () => {
    for (const query of [changesQuery, eventsQuery]) {
      const field = query === changesQuery ? 'changes' : 'ioaEvents';
      const newest = await post(query, { id: clientId });
      const mixed = await post(query, { id: clientId, after: newest.data?.[field]?.pageInfo.endCursor, order: 'OLDEST_FIRST' });
      expect(mixed.data).toBeNull();
      expect(mixed.errors?.[0]?.message).toBe('Der Cursor gehört zu einer anderen Sortierung. Bitte laden Sie die Liste neu.');
      const oldest = await post(query, { id: clientId, order: 'OLDEST_FIRST' });
      const back = await post(query, { id: clientId, after: oldest.data?.[field]?.pageInfo.endCursor });
      expect(back.errors?.[0]?.message).toBe('Der Cursor gehört zu einer anderen Sortierung. Bitte laden Sie die Liste neu.');
    }
  });
});
