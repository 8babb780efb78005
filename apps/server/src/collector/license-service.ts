import type { Db } from '../db/database';

/** How long the collector sleeps between incremental runs, by licence mode; 0 = collect once and stop. */
export function sleepForMsOf(mode: string): number {
  return mode === 'monitoring' ? 5 * 60_000 : 0;
}

export interface CollectorLicense {
  subscriptionStatus: string;
  currentPeriodEnd: string | null;
  /**
   * Data-channel credentials of the SPEC's licence shape. Uploads authenticate with the collector key
   * itself, so there are none to hand out.
   */
  username: string | null;
  password: string | null;
  mode: string;
  sleepForMs: number;
}

export async function licenseOf(db: Db, clientId: string): Promise<CollectorLicense | null> {
  const row = await db
    .selectFrom('client_license')
    .innerJoin('client', 'client.client_id_pk', 'client_license.client_fk')
    .select(['client_license.subscription_status', 'client_license.current_period_end', 'client.client_mode'])
    .where('client_license.client_fk', '=', clientId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    subscriptionStatus: row.subscription_status,
    currentPeriodEnd: row.current_period_end ? row.current_period_end.toISOString() : null,
    username: null,
    password: null,
    mode: row.client_mode,
    sleepForMs: sleepForMsOf(row.client_mode),
  };
}

export type BindResult = 'bound' | 'other-machine';

/** Binds a key to the first machine that asks for a licence with it; later calls must come from that machine. */
export async function bindMachine(db: Db, keyId: string, machineCode: string): Promise<BindResult> {
  const updated = await db
    .updateTable('collector_key')
    .set({ machine_code: machineCode, last_used_at: new Date() })
    .where('collector_key_id_pk', '=', keyId)
    .where((eb) => eb.or([eb('machine_code', 'is', null), eb('machine_code', '=', machineCode)]))
    .returning('machine_code')
    .executeTakeFirst();
  if (!updated) return 'other-machine';
  return 'bound';
}

export async function activateKey(db: Db, keyId: string): Promise<void> {
  await db
    .updateTable('collector_key')
    .set((eb) => ({ activated_at: eb.fn.coalesce('activated_at', eb.val(new Date())), last_used_at: new Date() }))
    .where('collector_key_id_pk', '=', keyId)
    .execute();
}
