import { FIELDS_NOT_READ_BY_CHECKS, evaluateChecks } from '@burgwall/checks';
import { addMember, cleanSnapshot, computer, findGroup, group, sid, user } from '@burgwall/checks/testing';
import type { Snapshot } from '@burgwall/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientSchemaName } from '../db/client-schema';
import { createDb } from '../db/database';
import { createTestDatabase, type TestDatabase } from '../../../../test-support/test-database';
import { insertProviderWithClient } from '../../../../test-support/tenants';
import { loadCheckSnapshot } from './check-snapshot-loader';
import { snapshotHeadOf, snapshotLines } from '@burgwall/shared';
import { beginSnapshot, commitSnapshot, loadSnapshot, storeSnapshotPart } from './snapshot-store';

// The evaluation's loader leaves out fields no check reads, shares repeated strings and reads two halves at once:
// the checks must see exactly what they would see in the full snapshot, in the same order.

let test: TestDatabase;
let clientId: string;
let snapshotId: string;

/** A domain with nested groups, ACEs and descriptions, uploaded in three parts. */
function domain(): Snapshot {
  const snapshot = cleanSnapshot();
  const helpdesk = group({ sAMAccountName: 'Helpdesk', objectSid: sid(3000) });
  const teams = Array.from({ length: 5 }, (_, i) => group({ sAMAccountName: `Team-${i}`, objectSid: sid(3001 + i) }));
  addMember(teams[0]!, helpdesk);
  snapshot.groups.push(helpdesk, ...teams);
  for (let i = 0; i < 300; i++) {
    const account = user({
      sAMAccountName: `benutzer${i}`,
      description: i % 50 === 0 ? `Kennwort: Sommer${i}!` : 'Mitarbeiter Vertrieb',
      servicePrincipalNames: i % 97 === 0 ? [`http/app${i}.test.local`] : [],
      securityDescriptor: { owner: null, aces: [{ type: 'allow-object', trustee: helpdesk.objectSid, accessMask: 0x100, objectType: '00299570-246d-11d0-a768-00aa006e0529', inheritedObjectType: null, flags: 0 }] },
    });
    addMember(teams[i % teams.length]!, account);
    snapshot.users.push(account);
  }
  for (let i = 0; i < 40; i++) snapshot.computers.push(computer({ sAMAccountName: `PC${i}$`, operatingSystem: i % 10 === 0 ? 'Windows 7 Professional' : 'Windows 11 Enterprise' }));
  findGroup(snapshot, 512).securityDescriptor = { owner: sid(512), aces: [{ type: 'allow', trustee: teams[0]!.objectSid, accessMask: 0x10000000, objectType: null, inheritedObjectType: null, flags: 0 }] };
  return snapshot;
}

const full = domain();

beforeAll(async () => {
  test = await createTestDatabase();
  ({ clientId } = await insertProviderWithClient(test.db));
  ({ snapshotId } = await beginSnapshot(test.db, clientId, 'c0000000-0000-4000-8000-000000000001', snapshotHeadOf(full)));
  const lines = [...snapshotLines(full)];
  const third = Math.ceil(lines.length / 3);
  for (let part = 1; part <= 3; part++) await storeSnapshotPart(test.db, clientId, snapshotId, part, lines.slice((part - 1) * third, part * third));
  await commitSnapshot(test.db, clientId, snapshotId, 3);
});
afterAll(() => test.drop());

describe('loading a domain for the checks', () => {
  it('has every object in list order, without the fields no check reads', async () => {
    const stored = (await loadSnapshot(test.db, clientId, snapshotId)) as Snapshot;
    const loaded = await loadCheckSnapshot(test.db, clientId, snapshotId);
    const without = <T extends object>(object: T) => Object.fromEntries(Object.entries(object).filter(([key]) => !(FIELDS_NOT_READ_BY_CHECKS as readonly string[]).includes(key)));
    expect(loaded?.users.map((u) => u.sAMAccountName)).toEqual(full.users.map((u) => u.sAMAccountName));
    expect(loaded?.users).toEqual(stored.users.map(without));
    expect(loaded?.computers).toEqual(stored.computers.map(without));
    expect(loaded?.groups).toEqual(stored.groups.map(without));
    expect(loaded?.users[0]).not.toHaveProperty('memberOf');
  });

  it('gives every check the same outcome as the full snapshot', async () => {
    const stored = (await loadSnapshot(test.db, clientId, snapshotId)) as Snapshot;
    const loaded = await loadCheckSnapshot(test.db, clientId, snapshotId);
    const outcomes = (snapshot: Parameters<typeof evaluateChecks>[0]['ad']) => evaluateChecks({ ad: snapshot }).map(({ check, outcome }) => [check.slug, outcome]);
    const expected = outcomes(stored);
    expect(expected.some(([, outcome]) => (outcome as { affected: unknown[] }).affected.length > 0)).toBe(true);
    expect(outcomes(loaded)).toEqual(expected);
  });

  it('shares equal security descriptors and empty lists between objects, frozen', async () => {
    const loaded = await loadCheckSnapshot(test.db, clientId, snapshotId);
    const [first, second] = [loaded?.users.find((u) => u.sAMAccountName === 'benutzer1'), loaded?.users.find((u) => u.sAMAccountName === 'benutzer299')];
    expect(first?.securityDescriptor).toBeTruthy();
    expect(first?.securityDescriptor).toBe(second?.securityDescriptor);
    expect(Object.isFrozen(first?.securityDescriptor)).toBe(true);
    expect(Object.isFrozen(first?.securityDescriptor?.aces[0])).toBe(true);
    expect(first?.servicePrincipalNames).toBe(second?.sidHistory);
    expect(() => (first?.servicePrincipalNames as string[]).push('http/x')).toThrow(TypeError);
    // A list with items stays the object's own.
    expect(loaded?.users.find((u) => u.sAMAccountName === 'benutzer97')?.servicePrincipalNames).toEqual(['http/app97.test.local']);
  });
});

describe('loading right after an upload, before PostgreSQL has statistics of the rows', () => {
  it('reads the pages in the order index, never sorting the rest of the table on disk', async () => {
    // The state after a large commit: its VACUUM (ANALYZE) runs beside the evaluation. Without statistics PostgreSQL
    // planned each page as a scan of the whole rest, sorted on disk (bench/README.md). Here any temporary file is an
    // error (superuser settings of this connection), and work_mem is far below the rows of a page.
    const table = sql.id(clientSchemaName(clientId), 'directory_object');
    const oid = sql`${`"${clientSchemaName(clientId)}".directory_object`}::regclass`;
    await sql`DELETE FROM pg_statistic WHERE starelid = ${oid}`.execute(test.db);
    await sql`UPDATE pg_class SET reltuples = -1, relpages = 0 WHERE oid = ${oid}`.execute(test.db);
    const url = new URL(test.url);
    url.searchParams.set('options', '-c work_mem=64kB -c temp_file_limit=0');
    const strict = createDb(url.toString(), 3);
    try {
      const unforced = sql`SELECT kind, data FROM ${table} WHERE snapshot_fk = ${snapshotId} ORDER BY part_no, seq LIMIT 5000`;
      // The test's premise: this database does refuse a sort that spills.
      await expect(strict.transaction().execute(async (trx) => {
        await sql`SET LOCAL enable_indexscan = off`.execute(trx);
        await unforced.execute(trx);
      })).rejects.toThrow(/temp_file_limit/);
      const loaded = await loadCheckSnapshot(strict, clientId, snapshotId);
      expect(loaded?.users.map((u) => u.sAMAccountName)).toEqual(full.users.map((u) => u.sAMAccountName));
    } finally {
      await strict.destroy();
    }
  });
});
