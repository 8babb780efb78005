import { inject } from 'vitest';
import { createDb, type Db } from '../apps/server/src/db/database';
import { migrateAll } from '../apps/server/src/db/migrator';
import { createEmptyDatabase } from './postgres-server';

export interface TestDatabase {
  db: Db;
  url: string;
  drop(): Promise<void>;
}

/** A fresh, migrated database of its own for one test file; `drop()` removes it. */
export async function createTestDatabase(options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const database = await createEmptyDatabase(inject('adminDatabaseUrl'));
  const db = createDb(database.url, 5);
  if (options.migrate !== false) await migrateAll(db);
  return {
    db,
    url: database.url,
    drop: async () => {
      await db.destroy();
      await database.drop();
    },
  };
}
