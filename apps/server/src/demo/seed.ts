import { createClient, type NewClient } from '../clients/create-client';
import { findUserByEmail, upsertUser } from '../auth/users';
import { clientDb } from '../db/client-db';
import type { Db } from '../db/database';
import { latestSnapshotId, saveSnapshot } from '../snapshots/snapshot-store';
import { saveEntraSnapshot } from '../entra/entra-snapshot-store';
import { evaluateLatestSnapshot } from '../ioe/ioe-evaluation';
import { ensureExplorerIndexes } from '../snapshots/directory-partition';
import { demoEntraSnapshot } from './demo-entra-snapshot';
import { type DemoProfile, demoSnapshot, lastWeeksDemoSnapshot } from './demo-snapshots';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo-users';
import { seedDemoScoreHistory } from './demo-score-history';
import { seedDemoActivity } from './demo-activity';
import { createClientSubscription } from '../billing/ledger';

export const DEMO_PROVIDER_NAME = 'Demo IT-Service GmbH';

const DEMO_CLIENTS: ReadonlyArray<Omit<NewClient, 'serviceproviderId'> & { domain: string; score: number; profile: DemoProfile; withEntra?: boolean }> = [
  {
    name: 'Bäckerei Sonnenschein',
    location: 'Freiburg im Breisgau',
    employeeCount: 8,
    billingCycle: 'monthly',
    domain: 'sonnenschein.local',
    score: 91,
    profile: 'small',
  },
  {
    name: 'Müller Maschinenbau AG',
    location: 'Stuttgart',
    employeeCount: 180,
    billingCycle: 'yearly',
    domain: 'mueller-mb.local',
    score: 74,
    profile: 'medium',
  },
  {
    name: 'Stadtwerke Nordheim',
    location: 'Nordheim',
    employeeCount: 640,
    billingCycle: 'yearly',
    domain: 'swn.intern',
    score: 58,
    profile: 'large',
    withEntra: true,
  },
];

/**
 * Seeds the demo provider with three clients of different sizes, once: a
 * database that already has the demo provider is left alone. With
 * `snapshots`, each demo client without a snapshot gets a synthetic one, stored
 * and evaluated by the real checks, so its score is real.
 */
export async function seedDemoData(db: Db, options: { snapshots?: boolean; activity?: boolean } = {}): Promise<{ created: boolean; providerId: string }> {
  const existing = await db
    .selectFrom('serviceprovider')
    .select('serviceprovider_id_pk')
    .where('serviceprovider_name', '=', DEMO_PROVIDER_NAME)
    .executeTakeFirst();
  if (existing) {
    await seedDemoUsers(db, existing.serviceprovider_id_pk);
    if (options.activity) await seedDemoSubscriptions(db, existing.serviceprovider_id_pk);
    if (options.snapshots) await seedDemoSnapshots(db, existing.serviceprovider_id_pk, options.activity ?? false);
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
  if (options.activity) await seedDemoSubscriptions(db, providerId);
  if (options.snapshots) await seedDemoSnapshots(db, providerId, options.activity ?? false);
  return { created: true, providerId };
}

/**
 * A subscription in the ledger for every demo client without one, as the client route creates it: billing shows each
 * client with its price, and the client's subscription end becomes the subscription's period end (one date, not two).
 */
export async function seedDemoSubscriptions(db: Db, providerId: string): Promise<void> {
  const clients = await db
    .selectFrom('client')
    .leftJoin('billing_subscription', 'billing_subscription.client_fk', 'client.client_id_pk')
    .select(['client.client_id_pk', 'client.client_name', 'client.client_billing_cycle', 'client.client_reported_employee_count'])
    .where('client.serviceprovider_fk', '=', providerId)
    .where('billing_subscription.subscription_id', 'is', null)
    .execute();
  for (const client of clients) {
    if (!DEMO_CLIENTS.some((demo) => demo.name === client.client_name)) continue;
    await createClientSubscription(db, { providerId, clientId: client.client_id_pk, employeeCount: client.client_reported_employee_count ?? 1, cycle: client.client_billing_cycle });
  }
}

/**
 * A synthetic snapshot for every demo client that has none yet, evaluated right away (the seed runs before the job
 * workers start); the Entra demo client also gets an Entra ID snapshot.
 */
export async function seedDemoSnapshots(db: Db, providerId: string, activity = false): Promise<void> {
  const clients = await db
    .selectFrom('client')
    .select(['client_id_pk', 'client_name'])
    .where('serviceprovider_fk', '=', providerId)
    .execute();
  for (const demo of DEMO_CLIENTS) {
    const client = clients.find((candidate) => candidate.client_name === demo.name);
    // Only whether a snapshot exists: its objects are not read.
    if (!client || (await latestSnapshotId(db, client.client_id_pk))) continue;
    const snapshot = demoSnapshot(demo.profile, demo.domain);
    await clientDb(db, client.client_id_pk)
      .updateTable('status_collector')
      .set({ version: snapshot.collectorVersion, last_data_at: new Date(), last_replication_at: new Date() })
      .execute();
    // The Entra snapshot first: the evaluation the event triggers reads both.
    if (demo.withEntra) {
      const entra = demoEntraSnapshot(snapshot, demo.name);
      await saveEntraSnapshot(db, client.client_id_pk, entra);
      // As a collection would: the plan marks Entra ID connected (dashboard, header), the time feeds collector health.
      const own = clientDb(db, client.client_id_pk);
      await own.updateTable('domain').set({ domain_entra_plan: entra.plan ?? 'none' }).execute();
      await own.updateTable('status_collector').set({ cloud_last_replication_at: new Date() }).execute();
    }
    // Last week's collection, evaluated first, so „Seit der letzten Prüfung“ compares two real evaluations.
    const lastWeek = lastWeeksDemoSnapshot(snapshot);
    await saveSnapshot(db, client.client_id_pk, `demo-${demo.profile}-0`, lastWeek);
    await evaluateLatestSnapshot(db, client.client_id_pk, { now: new Date(lastWeek.collectedAt) });
    const current = await saveSnapshot(db, client.client_id_pk, `demo-${demo.profile}-1`, snapshot);
    await evaluateLatestSnapshot(db, client.client_id_pk);
    await ensureExplorerIndexes(db, client.client_id_pk, current.snapshotId);
    // Weeks of past evaluations leading to the score the checks just gave, so the score trend and "since last week"
    // have something to show (their times lie before both evaluations).
    const evaluated = await db.selectFrom('client').select('client_security_score').where('client_id_pk', '=', client.client_id_pk).executeTakeFirstOrThrow();
    await seedDemoScoreHistory(db, client.client_id_pk, Number(evaluated.client_security_score ?? demo.score));
    // Changes and attacks of the last days, staggered per client.
    if (activity) await seedDemoActivity(db, client.client_id_pk, snapshot, DEMO_CLIENTS.indexOf(demo) * 3);
  }
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
