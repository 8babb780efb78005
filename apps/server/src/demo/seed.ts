import { createClient, type NewClient } from '../clients/create-client';
import { findUserByEmail, upsertUser } from '../auth/users';
import { clientDb } from '../db/client-db';
import type { Db } from '../db/database';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo-users';

export const DEMO_PROVIDER_NAME = 'Demo IT-Service GmbH';

const DEMO_CLIENTS: ReadonlyArray<Omit<NewClient, 'serviceproviderId'> & { domain: string; score: number }> = [
  {
    name: 'Bäckerei Sonnenschein',
    location: 'Freiburg im Breisgau',
    employeeCount: 8,
    billingCycle: 'monthly',
    domain: 'sonnenschein.local',
    score: 91,
  },
  {
    name: 'Müller Maschinenbau AG',
    location: 'Stuttgart',
    employeeCount: 180,
    billingCycle: 'yearly',
    domain: 'mueller-mb.local',
    score: 74,
  },
  {
    name: 'Stadtwerke Nordheim',
    location: 'Nordheim',
    employeeCount: 640,
    billingCycle: 'yearly',
    domain: 'swn.intern',
    score: 58,
  },
];

/**
 * Seeds the demo provider with three clients of different sizes, once: a
 * database that already has the demo provider is left alone.
 */
export async function seedDemoData(db: Db): Promise<{ created: boolean; providerId: string }> {
  const existing = await db
    .selectFrom('serviceprovider')
    .select('serviceprovider_id_pk')
    .where('serviceprovider_name', '=', DEMO_PROVIDER_NAME)
    .executeTakeFirst();
  if (existing) {
    await seedDemoUsers(db, existing.serviceprovider_id_pk);
    return { created: false, providerId: existing.serviceprovider_id_pk };
  }

  const { serviceprovider_id_pk: providerId } = await db
    .insertInto('serviceprovider')
    .values({ serviceprovider_name: DEMO_PROVIDER_NAME, serviceprovider_address: 'Hauptstraße 1, 79098 Freiburg' })
    .returning('serviceprovider_id_pk')
    .executeTakeFirstOrThrow();

  const subscriptionEnd = new Date(Date.now() + 180 * 24 * 60 * 60 * 1000);
  for (const { domain, score, ...client } of DEMO_CLIENTS) {
    const clientId = await createClient(db, { ...client, serviceproviderId: providerId, subscriptionEnd });
    await db
      .updateTable('client')
      .set({ client_initialized: true, client_security_score: score })
      .where('client_id_pk', '=', clientId)
      .execute();
    await clientDb(db, clientId)
      .insertInto('domain')
      .values({ domain_name: domain, domain_entra_plan: null })
      .execute();
  }
  await seedDemoUsers(db, providerId);
  return { created: true, providerId };
}

/**
 * The demo sign-ins (admin, the demo provider, its first client), each with
 * the demo_user flag. Existing accounts are kept as they are (a changed
 * password survives restarts).
 */
export async function seedDemoUsers(db: Db, providerId: string): Promise<void> {
  const firstClient = await db
    .selectFrom('client')
    .select('client_id_pk')
    .where('serviceprovider_fk', '=', providerId)
    .where('client_name', '=', DEMO_CLIENTS[0]?.name ?? '')
    .executeTakeFirstOrThrow();
  for (const account of DEMO_ACCOUNTS) {
    if (await findUserByEmail(db, account.email)) continue;
    await upsertUser(db, {
      email: account.email,
      password: DEMO_PASSWORD,
      roles: [account.role, 'demo_user'],
      firstName: account.firstName,
      lastName: account.lastName,
      ...(account.role === 'serviceprovider' ? { serviceproviderId: providerId } : {}),
      ...(account.role === 'client' ? { clientId: firstClient.client_id_pk } : {}),
    });
  }
}
