import type { BillingCycle } from '@burgwall/shared';
import type { Db } from '../db/database';
import type { JobQueue } from '../jobs/job-queue';
import type { BillingService } from './billing-service';
import { ledgerId, periodEnd } from './ledger';

export const LEDGER_RENEWAL_JOB = 'billing-ledger-renewal';
/** Every 15 minutes: a period ends at most that long before it is renewed or the subscription ended. */
export const LEDGER_RENEWAL_CRON = '*/15 * * * *';

export interface RenewalResult {
  renewed: string[];
  ended: string[];
}

/**
 * Ledger mode (no Stripe): subscriptions whose period is over are renewed, one invoice per period passed (a server
 * that was off for months bills each month once), or, when cancelled for the period end, ended with their licence.
 * Rows are locked and skipped if another instance works on them.
 */
export async function renewLedgerPeriods(db: Db, now = new Date()): Promise<RenewalResult> {
  return db.transaction().execute(async (trx) => {
    const due = await trx
      .selectFrom('billing_subscription')
      .select(['subscription_id', 'serviceprovider_fk', 'client_fk', 'billing_cycle', 'amount_eur', 'current_period_end', 'cancel_at_period_end'])
      .where('status', '=', 'active')
      .where('current_period_end', '<=', now)
      .forUpdate()
      .skipLocked()
      .execute();
    const result: RenewalResult = { renewed: [], ended: [] };
    for (const sub of due) {
      if (sub.cancel_at_period_end) {
        await trx.updateTable('billing_subscription').set({ status: 'canceled' }).where('subscription_id', '=', sub.subscription_id).execute();
        if (sub.client_fk) await trx.updateTable('client_license').set({ subscription_status: 'canceled' }).where('client_fk', '=', sub.client_fk).execute();
        result.ended.push(sub.subscription_id);
        continue;
      }
      let end = sub.current_period_end;
      while (end <= now) {
        end = periodEnd(end, sub.billing_cycle as BillingCycle);
        // 'auf Anfrage' (no list price): the period runs on, the invoice is written by hand.
        if (sub.amount_eur !== null) {
          await trx
            .insertInto('billing_invoice')
            .values({ invoice_id: ledgerId('in'), serviceprovider_fk: sub.serviceprovider_fk, client_fk: sub.client_fk, kind: 'subscription', amount_eur: sub.amount_eur })
            .execute();
        }
      }
      await trx.updateTable('billing_subscription').set({ current_period_end: end }).where('subscription_id', '=', sub.subscription_id).execute();
      if (sub.client_fk) {
        await trx.updateTable('client_license').set({ current_period_end: end }).where('client_fk', '=', sub.client_fk).execute();
        await trx.updateTable('client').set({ client_subscription_end: end }).where('client_id_pk', '=', sub.client_fk).execute();
      }
      result.renewed.push(sub.subscription_id);
    }
    return result;
  });
}

/** With Stripe, Stripe renews and its webhooks keep the ledger in step; the job only works for the local ledger. */
export function defineBillingJobs(jobs: JobQueue, services: { db: Db; billing: Pick<BillingService, 'mode'> }): void {
  jobs.define<object>({
    name: LEDGER_RENEWAL_JOB,
    retryLimit: 3,
    handler: async () => {
      if (services.billing.mode === 'local') await renewLedgerPeriods(services.db);
    },
  });
}
