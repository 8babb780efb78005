import { randomBytes } from 'node:crypto';
import { AUDIT_PRICE_EUR, type BillingCycle, ON_REQUEST, priceFor } from '@burgwall/shared';
import type { Db } from '../db/database';

/** Stripe-like ids for ledger rows ("cus_…", "sub_…", "in_…"). */
export const ledgerId = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url')}`;

export function periodEnd(from: Date, cycle: BillingCycle): Date {
  const end = new Date(from);
  if (cycle === 'yearly') end.setUTCFullYear(end.getUTCFullYear() + 1);
  else end.setUTCMonth(end.getUTCMonth() + 1);
  return end;
}

/** Price in whole euro, or null when it is 'auf Anfrage' (above 1000 employees). */
export function amountFor(employeeCount: number, cycle: BillingCycle): number | null {
  const price = priceFor(employeeCount, cycle);
  return price === ON_REQUEST ? null : price;
}

export interface SubscriptionView {
  id: string;
  clientUUID: string | null;
  status: string;
  billingCycle: BillingCycle;
  employeeCount: number;
  amountEur: number | null;
  currentPeriodEnd: string;
  cancelAtPeriodEnd: boolean;
}

export interface InvoiceView {
  id: string;
  clientUUID: string | null;
  kind: 'audit' | 'subscription';
  amountEur: number;
  status: string;
  createdAt: string;
}

type SubscriptionRow = {
  subscription_id: string;
  client_fk: string | null;
  status: string;
  billing_cycle: BillingCycle;
  employee_count: number;
  amount_eur: number | null;
  current_period_end: Date;
  cancel_at_period_end: boolean;
};

export const subscriptionView = (r: SubscriptionRow): SubscriptionView => ({
  id: r.subscription_id,
  clientUUID: r.client_fk,
  status: r.status,
  billingCycle: r.billing_cycle,
  employeeCount: r.employee_count,
  amountEur: r.amount_eur,
  currentPeriodEnd: r.current_period_end.toISOString(),
  cancelAtPeriodEnd: r.cancel_at_period_end,
});

export async function ensureCustomer(db: Db, providerId: string, email: string | null, customerId = ledgerId('cus')): Promise<string> {
  await db
    .insertInto('billing_customer')
    .values({ serviceprovider_fk: providerId, customer_id: customerId, email })
    .onConflict((oc) => oc.column('serviceprovider_fk').doNothing())
    .execute();
  const row = await db.selectFrom('billing_customer').select('customer_id').where('serviceprovider_fk', '=', providerId).executeTakeFirstOrThrow();
  await db.updateTable('serviceprovider').set({ serviceprovider_stripe_customer_id: row.customer_id }).where('serviceprovider_id_pk', '=', providerId).execute();
  return row.customer_id;
}

/** The subscription of a monitoring client (one per client), created with its licence. */
export async function createClientSubscription(
  db: Db,
  input: { providerId: string; clientId: string; employeeCount: number; cycle: BillingCycle; subscriptionId?: string; periodEnd?: Date },
): Promise<SubscriptionView> {
  const now = new Date();
  const row = await db
    .insertInto('billing_subscription')
    .values({
      subscription_id: input.subscriptionId ?? ledgerId('sub'),
      serviceprovider_fk: input.providerId,
      client_fk: input.clientId,
      billing_cycle: input.cycle,
      employee_count: input.employeeCount,
      amount_eur: amountFor(input.employeeCount, input.cycle),
      current_period_end: input.periodEnd ?? periodEnd(now, input.cycle),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await db.updateTable('client_license').set({ current_period_end: row.current_period_end }).where('client_fk', '=', input.clientId).execute();
  await db.updateTable('client').set({ client_subscription_end: row.current_period_end }).where('client_id_pk', '=', input.clientId).execute();
  return subscriptionView(row);
}

export async function createAuditInvoice(db: Db, providerId: string, clientId: string | null): Promise<InvoiceView> {
  const row = await db
    .insertInto('billing_invoice')
    .values({ invoice_id: ledgerId('in'), serviceprovider_fk: providerId, client_fk: clientId, kind: 'audit', amount_eur: AUDIT_PRICE_EUR })
    .returningAll()
    .executeTakeFirstOrThrow();
  return invoiceView(row);
}

export const invoiceView = (r: { invoice_id: string; client_fk: string | null; kind: 'audit' | 'subscription'; amount_eur: number; status: string; created_at: Date }): InvoiceView => ({
  id: r.invoice_id,
  clientUUID: r.client_fk,
  kind: r.kind,
  amountEur: r.amount_eur,
  status: r.status,
  createdAt: r.created_at.toISOString(),
});

export async function listSubscriptions(db: Db, providerId: string, clientId?: string): Promise<SubscriptionView[]> {
  let query = db.selectFrom('billing_subscription').selectAll().where('serviceprovider_fk', '=', providerId);
  if (clientId) query = query.where('client_fk', '=', clientId);
  return (await query.orderBy('created_at').execute()).map(subscriptionView);
}

export async function listInvoices(db: Db, providerId: string, clientId?: string): Promise<InvoiceView[]> {
  let query = db.selectFrom('billing_invoice').selectAll().where('serviceprovider_fk', '=', providerId);
  if (clientId) query = query.where('client_fk', '=', clientId);
  return (await query.orderBy('created_at', 'desc').execute()).map(invoiceView);
}

/** Changes the employee count (and so the price) of the client's subscription; returns its id (null: none active). */
export async function updateClientSubscription(db: Db, clientId: string, employeeCount: number): Promise<string | null> {
  const sub = await db.selectFrom('billing_subscription').select(['subscription_id', 'billing_cycle']).where('client_fk', '=', clientId).where('status', '=', 'active').executeTakeFirst();
  if (!sub) return null;
  await db
    .updateTable('billing_subscription')
    .set({ employee_count: employeeCount, amount_eur: amountFor(employeeCount, sub.billing_cycle) })
    .where('subscription_id', '=', sub.subscription_id)
    .execute();
  return sub.subscription_id;
}

/** Ends the client's active subscription at once (the client is deleted); returns its id (null: none active). */
export async function endClientSubscription(db: Db, clientId: string): Promise<string | null> {
  const row = await db
    .updateTable('billing_subscription')
    .set({ status: 'canceled', cancel_at_period_end: false })
    .where('client_fk', '=', clientId)
    .where('status', '=', 'active')
    .returning('subscription_id')
    .executeTakeFirst();
  return row?.subscription_id ?? null;
}

/** Cancels at the end of the paid period: the licence stays usable until then. */
export async function cancelClientSubscription(db: Db, clientId: string): Promise<Date | null> {
  const sub = await db
    .updateTable('billing_subscription')
    .set({ cancel_at_period_end: true })
    .where('client_fk', '=', clientId)
    .where('status', '=', 'active')
    .returning('current_period_end')
    .executeTakeFirst();
  return sub?.current_period_end ?? null;
}
