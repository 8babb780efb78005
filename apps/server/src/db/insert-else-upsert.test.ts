import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../test-support/test-database';
import { insertElseUpsert } from './insert-else-upsert';

let test: TestDatabase;
beforeAll(async () => {
  test = await createTestDatabase({ migrate: false });
  await sql`CREATE TABLE item (id int PRIMARY KEY, label text NOT NULL CHECK (label <> ''))`.execute(test.db);
});
afterAll(() => test.drop());

const rows = async () => (await sql<{ id: number; label: string }>`SELECT id, label FROM item ORDER BY id`.execute(test.db)).rows;

/** Writes `items` the way the bulk writers do: a plain INSERT, the upsert only on a duplicate key. */
function write(items: Array<[number, string]>, tried: string[]) {
  const values = sql.join(items.map(([id, label]) => sql`(${id}::int, ${label}::text)`));
  return test.db.transaction().execute((trx) =>
    insertElseUpsert(
      trx,
      () => {
        tried.push('insert');
        return sql`INSERT INTO item (id, label) VALUES ${values}`.execute(trx);
      },
      () => {
        tried.push('upsert');
        return sql`INSERT INTO item (id, label) VALUES ${values} ON CONFLICT (id) DO UPDATE SET label = excluded.label`.execute(trx);
      },
    ),
  );
}

it('stores new rows with the plain INSERT and takes the upsert only when a row exists already', async () => {
  const tried: string[] = [];
  await write([[1, 'eins'], [2, 'zwei']], tried);
  expect(tried).toEqual(['insert']);
  // Row 2 exists: the INSERT is undone (row 3 is not stored twice) and the upsert writes all three.
  await write([[3, 'drei'], [2, 'zwei neu'], [4, 'vier']], tried);
  expect(tried).toEqual(['insert', 'insert', 'upsert']);
  expect(await rows()).toEqual([
    { id: 1, label: 'eins' },
    { id: 2, label: 'zwei neu' },
    { id: 3, label: 'drei' },
    { id: 4, label: 'vier' },
  ]);
});

it('passes any other error on and rolls the whole transaction back', async () => {
  const tried: string[] = [];
  await expect(write([[5, 'fünf'], [6, '']], tried)).rejects.toMatchObject({ code: '23514' });
  expect(tried).toEqual(['insert']);
  expect((await rows()).map((row) => row.id)).toEqual([1, 2, 3, 4]);
});
