import { type ClientCard, grade, initials, scoreColour } from '@burgwall/shared';
import { toScore } from '../clients/client-details';
import { clientDb } from '../db/client-db';
import type { Db } from '../db/database';
import type { ClientMode } from '../db/schema';
import { overallHealth, timestampHealth } from './collector-health';

export async function collectorHealthOf(db: Db, clientId: string) {
  const row = await clientDb(db, clientId)
    .selectFrom('status_collector')
    .select(['last_data_at', 'last_replication_at'])
    .orderBy('updated_at', 'desc')
    .executeTakeFirst();
  const data = timestampHealth(row?.last_data_at);
  const replication = timestampHealth(row?.last_replication_at);
  return { data, replication, colour: overallHealth(data, replication) };
}

/** SPEC §3 "List card" plus grade and collector health for the monitoring list. */
export async function listClientCards(db: Db, providerId: string, mode?: ClientMode): Promise<ClientCard[]> {
  let query = db
    .selectFrom('client')
    .innerJoin('client_license', 'client_license.client_fk', 'client.client_id_pk')
    .selectAll('client')
    .select('client_license.subscription_status')
    .where('serviceprovider_fk', '=', providerId);
  if (mode) query = query.where('client_mode', '=', mode);
  const rows = await query.orderBy('client_name').execute();
  return Promise.all(
    rows.map(async (row) => {
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
        collectorHealth: await collectorHealthOf(db, row.client_id_pk),
        createdAt: row.created_at.toISOString(),
      };
    }),
  );
}
