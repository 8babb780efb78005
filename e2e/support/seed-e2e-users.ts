/**
 * Test-only seeding, run before the e2e server starts (never an HTTP route):
 * migrates the database, seeds the demo data and adds sign-ins with the
 * environment flags. Usage: node --import tsx e2e/support/seed-e2e-users.ts <DATABASE_URL>
 */
import { upsertUser } from '../../apps/server/src/auth/users';
import { createDb } from '../../apps/server/src/db/database';
import { migrateAll } from '../../apps/server/src/db/migrator';
import { seedDemoData } from '../../apps/server/src/demo/seed';
import { E2E_PASSWORD, E2E_USERS } from './e2e-users';

const url = process.argv[2];
if (!url) throw new Error('usage: seed-e2e-users.ts <DATABASE_URL>');
const db = createDb(url, 2);
try {
  await migrateAll(db);
  const { providerId } = await seedDemoData(db);
  const client = await db
    .selectFrom('client')
    .select('client_id_pk')
    .where('serviceprovider_fk', '=', providerId)
    .orderBy('client_name')
    .executeTakeFirstOrThrow();
  for (const user of E2E_USERS) {
    const withOrg = !('noOrg' in user);
    const roles: readonly string[] = user.roles;
    await upsertUser(db, {
      email: user.email,
      password: E2E_PASSWORD,
      roles: [...roles],
      firstName: user.firstName,
      lastName: 'E2E',
      ...(withOrg && roles.includes('serviceprovider') ? { serviceproviderId: providerId } : {}),
      ...(withOrg && roles.includes('client') ? { clientId: client.client_id_pk } : {}),
    });
  }
} finally {
  await db.destroy();
}
