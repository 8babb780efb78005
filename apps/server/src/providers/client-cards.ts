import { type ClientCard, grade, initials, scoreColour } from '@burgwall/shared';
import { toScore } from '../clients/client-details';
import type { Db } from '../db/database';
import type { ClientMode } from '../db/schema';
import { overallHealth, timestampHealth } from './collector-health';

type CollectorTimes = { last_data_at: Date | null; last_replication_at: Date | null } | undefined;

function healthOf(row: CollectorTimes) {
  const data = timestampHealth(row?.last_data_at);
  const replication = timestampHealth(row?.last_replication_at);
  return { data, replication, colour: overallHealth(data, replication) };
}

/** One client's collector health, from the global copy of its status_collector (client_collector_status). */
export async function collectorHealthOf(db: Db, clientId: string) {
  return healthOf(await db.selectFrom('client_collector_status').select(['last_data_at', 'last_replication_at']).where('client_fk', '=', clientId).executeTakeFirst());
}

/** SPEC §3 "List card" plus grade and collector health for the monitoring list. */
export async function listClientCards(db: Db, providerId: string, mode?: ClientMode): Promise<ClientCard[]> {
  let query = db
    .selectFrom('client')
    .innerJoin('client_license', 'client_license.client_fk', 'client.client_id_pk')
    // The collector times come from the global copy: one query for the whole list, however many clients.
    .leftJoin('client_collector_status', 'client_collector_status.client_fk', 'client.client_id_pk')
    // Only what a card shows: a provider may have thousands of clients, and every column is parsed per row.
    .select([
      'client.client_id_pk',
      'client.client_name',
      'client.client_address',
      'client.client_security_score',
      'client.client_subscription_end',
      'client.client_reported_employee_count',
      'client.client_billing_cycle',
      'client.client_mode',
      'client.created_at',
      'client_license.subscription_status',
      'client_collector_status.last_data_at',
      'client_collector_status.last_replication_at',
    ])
    .where('serviceprovider_fk', '=', providerId);
  if (mode) query = query.where('client_mode', '=', mode);
  const rows = await query.orderBy('client_name').execute();
  return rows.map((row) => {
    const score = toScore(row.client_security_score);
    return {
      id: row.client_id_pk,
      type: 'client' as const,
      title: row.client_name,
      address: row.client_address,
      initials: initials(row.client_name),
      securityScore: score,
      grade: grade(score),
      backgroundColour: scoreColour(score),
      subscriptionEnd: row.client_subscription_end?.toISOString() ?? null,
      employeeCount: row.client_reported_employee_count,
      billingCycle: row.client_billing_cycle,
      mode: row.client_mode,
      subscriptionStatus: row.subscription_status,
      collectorHealth: healthOf(row),
      createdAt: row.created_at.toISOString(),
    };
  });
}
