import { DEFAULT_FREE_SEATS } from '@burgwall/shared';
import type { Db } from '../db/database';
import { migrateClientSchema } from '../db/migrator';
import type { ClientMode } from '../db/schema';
import { ensureIoeRows } from '../ioe/ioe-store';

export interface NewClient {
  serviceproviderId: string;
  name: string;
  location?: string | null;
  employeeCount: number;
  billingCycle?: 'monthly' | 'yearly';
  mode?: ClientMode;
  internalAd?: boolean;
  subscriptionEnd?: Date | null;
}

/**
 * Creates the client row, its licence and its own schema in one transaction,
 * so a failure leaves neither a client without schema nor an orphan schema.
 */
export async function createClient(db: Db, input: NewClient): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const { client_id_pk: clientId } = await trx
      .insertInto('client')
      .values({
        serviceprovider_fk: input.serviceproviderId,
        client_name: input.name.trim(),
        client_address: input.location ?? null,
        client_mode: input.mode ?? 'monitoring',
        client_billing_cycle: input.billingCycle ?? 'monthly',
        client_reported_employee_count: input.employeeCount,
        client_internal_ad: input.internalAd ?? true,
        client_subscription_end: input.subscriptionEnd ?? null,
      })
      .returning('client_id_pk')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('client_license')
      .values({ client_fk: clientId, employee_count: input.employeeCount, free_seats: DEFAULT_FREE_SEATS })
      .execute();
    await migrateClientSchema(trx as unknown as Parameters<typeof migrateClientSchema>[0], clientId);
    await ensureIoeRows(trx, clientId);
    return clientId;
  });
}

/** Whether the provider already has a client of that name (case and surrounding spaces ignored): "Client-exists check". */
export async function clientNameTaken(db: Db, providerId: string, name: string): Promise<boolean> {
  const row = await db
    .selectFrom('client')
    .select('client_id_pk')
    .where('serviceprovider_fk', '=', providerId)
    .where((eb) => eb(eb.fn('lower', [eb.fn('btrim', ['client_name'])]), '=', name.trim().toLowerCase()))
    .executeTakeFirst();
  return Boolean(row);
}
