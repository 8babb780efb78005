import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { syntheticDomain } from '../../../../test-support/synthetic-snapshot';
import { createTestDatabase, type TestDatabase } from '../../../../test-support/test-database';
import { insertProviderWithClient } from '../../../../test-support/tenants';
import { clientSchemaName } from '../db/client-schema';
import { saveSnapshot } from '../snapshots/snapshot-store';
import { evaluateLatestSnapshot } from './ioe-evaluation';

// The findings' writes on real PostgreSQL: the first evaluation only inserts, a re-evaluation (as after a change batch)
// rewrites only the findings that changed — a large domain keeps ~550k findings, nearly all of them unchanged.

let test: TestDatabase;
let clientId: string;
beforeAll(async () => {
  test = await createTestDatabase();
  ({ clientId } = await insertProviderWithClient(test.db, { name: 'Befunde GmbH' }));
  await saveSnapshot(test.db, clientId, 'rewrite-0001', syntheticDomain(2_000));
});
afterAll(() => test.drop());

/** Every finding with its row version (xmin changes when a row is rewritten). */
async function findings() {
  const { rows } = await sql<{ id: string; key: string; evidence: string; version: string; firstSeen: Date }>`
    SELECT finding_id_pk AS id, ioe_fk || '/' || object_key AS key, evidence, xmin::text AS version, first_seen_at AS "firstSeen"
    FROM ${sql.id(clientSchemaName(clientId), 'finding')} ORDER BY finding_id_pk`.execute(test.db);
  return rows;
}

it('rewrites on re-evaluation only the findings whose content changed', async () => {
  const first = await evaluateLatestSnapshot(test.db, clientId);
  const before = await findings();
  expect(before.length).toBe(first?.findings);
  expect(before.length).toBeGreaterThan(500);

  // One finding's stored evidence differs from what the checks find (as when an object's attributes changed).
  const changed = before[7] as (typeof before)[number];
  await sql`UPDATE ${sql.id(clientSchemaName(clientId), 'finding')} SET evidence = 'veraltet' WHERE finding_id_pk = ${changed.id}`.execute(test.db);
  const edited = (await findings()).find((row) => row.id === changed.id);

  await evaluateLatestSnapshot(test.db, clientId);
  const after = await findings();
  expect(after.map((row) => [row.id, row.key, row.evidence, row.firstSeen])).toEqual(before.map((row) => [row.id, row.key, row.evidence, row.firstSeen]));
  // The edited finding got its evidence back (a new row version); every other row is the version written first.
  const rewritten = after.filter((row, index) => row.version !== before[index]?.version).map((row) => row.id);
  expect(rewritten).toEqual([changed.id]);
  expect(after.find((row) => row.id === changed.id)?.version).not.toBe(edited?.version);
});
