import { type ClientDetails, hasScore } from '@burgwall/shared';
import { clientDb } from '../db/client-db';
import type { Db } from '../db/database';


export const toScore = (value: string | null): number => {
  const score = value === null ? -1 : Number(value);
  return hasScore(score) ? score : -1;
};

/** The client entity of SPEC §3 (what the web keeps as "current client"). */
export async function loadClientDetails(db: Db, clientId: string): Promise<ClientDetails | undefined> {
  const row = await db
    .selectFrom('client')
    .innerJoin('client_license', 'client_license.client_fk', 'client.client_id_pk')
    .selectAll('client')
    .select(['client_license.employee_count', 'client_license.free_seats', 'client_license.subscription_status'])
    .where('client_id_pk', '=', clientId)
    .executeTakeFirst();
  if (!row) return undefined;
  const scoped = clientDb(db, clientId);
  const collector = await scoped.selectFrom('status_collector').select('version').where('version', 'is not', null).executeTakeFirst();
  const entra = await scoped.selectFrom('domain').select('domain_id_pk').where('domain_entra_plan', 'is not', null).executeTakeFirst();
  return {
    client_id_pk: row.client_id_pk,
    client_name: row.client_name,
    client_address: row.client_address,
    client_mode: row.client_mode,
    client_initialized: row.client_initialized,
    client_billing_cycle: row.client_billing_cycle,
    client_subscription_end: row.client_subscription_end?.toISOString() ?? null,
    client_reported_employee_count: row.client_reported_employee_count,
    client_security_score: toScore(row.client_security_score),
    serviceproviderId: row.serviceprovider_fk,
    client_license: { employeeCount: row.employee_count, freeSeats: row.free_seats, subscriptionStatus: row.subscription_status },
    domain: { adConnected: Boolean(collector), entraConnected: Boolean(entra) },
  };
}
