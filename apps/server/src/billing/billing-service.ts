import { type BillingCycle, MAX_PRICED_EMPLOYEES } from '@burgwall/shared';
import Stripe from 'stripe';
import type { Config } from '../config';
import type { Db } from '../db/database';
import {
  createAuditInvoice,
  createClientSubscription,
  endClientSubscription,
  ensureCustomer,
  type InvoiceView,
  ledgerId,
  listInvoices,
  listSubscriptions,
  type SubscriptionView,
  updateClientSubscription,
} from './ledger';
import { monitoringPrice, stripeApiOptions } from './stripe-monitoring-price';

export interface PaymentMethodView {
  id: string;
  kind: string;
  label: string;
}

/**
 * The billing API's logic. The PostgreSQL ledger answers every read; with
 * STRIPE_SECRET_KEY set, customers, checkout and portal sessions are created
 * at Stripe and Stripe's webhooks keep the ledger in step. Without it the
 * ledger alone gives the same answers (checkout completes at once locally).
 */
export class BillingService {
  readonly mode: 'stripe' | 'local';
  private readonly stripe: Stripe | null;

  constructor(
    private readonly db: Db,
    config: Pick<Config, 'STRIPE_SECRET_KEY' | 'STRIPE_API_URL'>,
    private readonly publicBase: string,
  ) {
    this.stripe = config.STRIPE_SECRET_KEY ? new Stripe(config.STRIPE_SECRET_KEY, stripeApiOptions(config.STRIPE_API_URL)) : null;
    this.mode = this.stripe ? 'stripe' : 'local';
  }

  async createCustomer(providerId: string, email: string | null): Promise<{ customerId: string }> {
    const existing = await this.db.selectFrom('billing_customer').select('customer_id').where('serviceprovider_fk', '=', providerId).executeTakeFirst();
    if (existing) return { customerId: existing.customer_id };
    let customerId: string | undefined;
    if (this.stripe) {
      const provider = await this.db.selectFrom('serviceprovider').select('serviceprovider_name').where('serviceprovider_id_pk', '=', providerId).executeTakeFirstOrThrow();
      customerId = (await this.stripe.customers.create({ name: provider.serviceprovider_name, email: email ?? undefined, metadata: { serviceproviderUUID: providerId } })).id;
    }
    return { customerId: await ensureCustomer(this.db, providerId, email, customerId) };
  }

  async customer(providerId: string, clientId?: string) {
    const row = await this.db.selectFrom('billing_customer').select(['customer_id', 'email']).where('serviceprovider_fk', '=', providerId).executeTakeFirst();
    return {
      mode: this.mode,
      customerId: row?.customer_id ?? null,
      email: row?.email ?? null,
      subscriptions: await listSubscriptions(this.db, providerId, clientId),
      invoices: await this.invoices(providerId, row?.customer_id ?? null, clientId),
      paymentMethods: await this.paymentMethods(providerId),
    };
  }

  async deleteCustomer(providerId: string): Promise<boolean> {
    const row = await this.db.deleteFrom('billing_customer').where('serviceprovider_fk', '=', providerId).returning('customer_id').executeTakeFirst();
    if (row && this.stripe) await this.stripe.customers.del(row.customer_id);
    await this.db.updateTable('serviceprovider').set({ serviceprovider_stripe_customer_id: null }).where('serviceprovider_id_pk', '=', providerId).execute();
    return Boolean(row);
  }

  private settingsUrl(providerId: string, query: string): string {
    return `${this.publicBase}/provider/${providerId}/settings?tab=billing&${query}`;
  }

  /** A checkout session for entering a payment method. */
  async checkoutSession(providerId: string): Promise<{ id: string; url: string }> {
    const { customerId } = await this.createCustomer(providerId, null);
    if (this.stripe) {
      const session = await this.stripe.checkout.sessions.create({
        mode: 'setup',
        customer: customerId,
        currency: 'eur',
        success_url: this.settingsUrl(providerId, 'checkout=success'),
        cancel_url: this.settingsUrl(providerId, 'checkout=cancel'),
      });
      return { id: session.id, url: session.url ?? this.settingsUrl(providerId, 'checkout=cancel') };
    }
    // Local ledger: invoices are paid by bank transfer; the checkout records that method at once.
    await this.db
      .insertInto('billing_payment_method')
      .values({ payment_method_id: ledgerId('pm'), serviceprovider_fk: providerId, kind: 'invoice', label: 'Zahlung auf Rechnung (Überweisung)' })
      .execute();
    return { id: ledgerId('cs'), url: this.settingsUrl(providerId, 'checkout=success') };
  }

  async portalSession(providerId: string): Promise<{ url: string }> {
    const { customerId } = await this.createCustomer(providerId, null);
    if (this.stripe) {
      const session = await this.stripe.billingPortal.sessions.create({ customer: customerId, return_url: this.settingsUrl(providerId, 'portal=return') });
      return { url: session.url };
    }
    return { url: this.settingsUrl(providerId, 'portal=return') };
  }

  async auditInvoice(providerId: string, clientId: string | null): Promise<InvoiceView> {
    await this.createCustomer(providerId, null);
    return createAuditInvoice(this.db, providerId, clientId);
  }

  async subscriptions(providerId: string, clientId?: string): Promise<SubscriptionView[]> {
    return listSubscriptions(this.db, providerId, clientId);
  }

  async paymentMethods(providerId: string): Promise<PaymentMethodView[]> {
    const rows = await this.db.selectFrom('billing_payment_method').select(['payment_method_id', 'kind', 'label']).where('serviceprovider_fk', '=', providerId).orderBy('created_at').execute();
    return rows.map((r) => ({ id: r.payment_method_id, kind: r.kind, label: r.label }));
  }

  private async ownSubscription(providerId: string, subscriptionId: string): Promise<SubscriptionView | undefined> {
    return (await listSubscriptions(this.db, providerId)).find((s) => s.id === subscriptionId);
  }

  /** Updates billing cycle or cancellation of one subscription of the provider (undefined: not its subscription). */
  async updateSubscription(providerId: string, subscriptionId: string, change: { cancelAtPeriodEnd?: boolean; billingCycle?: 'monthly' | 'yearly' }): Promise<SubscriptionView | undefined> {
    if (!(await this.ownSubscription(providerId, subscriptionId))) return undefined;
    const set = {
      ...(change.cancelAtPeriodEnd !== undefined ? { cancel_at_period_end: change.cancelAtPeriodEnd } : {}),
      ...(change.billingCycle ? { billing_cycle: change.billingCycle } : {}),
    };
    if (Object.keys(set).length === 0) return this.ownSubscription(providerId, subscriptionId);
    if (this.stripe && change.cancelAtPeriodEnd !== undefined) {
      await this.stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: change.cancelAtPeriodEnd });
    }
    await this.db.updateTable('billing_subscription').set(set).where('subscription_id', '=', subscriptionId).where('serviceprovider_fk', '=', providerId).execute();
    return (await listSubscriptions(this.db, providerId)).find((s) => s.id === subscriptionId);
  }

  async cancelSubscriptionNow(providerId: string, subscriptionId: string): Promise<SubscriptionView | undefined> {
    if (!(await this.ownSubscription(providerId, subscriptionId))) return undefined;
    if (this.stripe) await this.stripe.subscriptions.cancel(subscriptionId);
    await this.db.updateTable('billing_subscription').set({ status: 'canceled' }).where('subscription_id', '=', subscriptionId).where('serviceprovider_fk', '=', providerId).execute();
    return (await listSubscriptions(this.db, providerId)).find((s) => s.id === subscriptionId);
  }

  /**
   * The subscription of a new monitoring client. With Stripe: the cycle's tiered price, the seats (employees) as
   * quantity, paid by invoice; the ledger keeps Stripe's id and period. Above the priced sizes ('auf Anfrage') and
   * without Stripe the ledger alone bills it.
   */
  async startClientSubscription(input: { providerId: string; clientId: string; employeeCount: number; cycle: BillingCycle }): Promise<SubscriptionView> {
    if (!this.stripe || input.employeeCount > MAX_PRICED_EMPLOYEES) return createClientSubscription(this.db, input);
    const { customerId } = await this.createCustomer(input.providerId, null);
    const subscription = await this.stripe.subscriptions.create(
      {
        customer: customerId,
        items: [{ price: await monitoringPrice(this.stripe, input.cycle), quantity: input.employeeCount }],
        collection_method: 'send_invoice',
        days_until_due: 14,
        metadata: { clientUUID: input.clientId, serviceproviderUUID: input.providerId },
      },
      // A retried client creation must not subscribe twice.
      { idempotencyKey: `client-subscription-${input.clientId}` },
    );
    const periodEnd = subscription.items.data[0]?.current_period_end;
    return createClientSubscription(this.db, { ...input, subscriptionId: subscription.id, ...(periodEnd ? { periodEnd: new Date(periodEnd * 1000) } : {}) });
  }

  /** A changed seat count: new price in the ledger; at Stripe the quantity, with the difference prorated. */
  async changeSeats(clientId: string, employeeCount: number): Promise<void> {
    const subscriptionId = await updateClientSubscription(this.db, clientId, employeeCount);
    if (!this.stripe || !subscriptionId || employeeCount > MAX_PRICED_EMPLOYEES) return;
    const subscription = await this.stripe.subscriptions.retrieve(subscriptionId);
    const item = subscription.items.data[0];
    if (!item) return;
    await this.stripe.subscriptions.update(subscriptionId, { items: [{ id: item.id, quantity: employeeCount }], proration_behavior: 'create_prorations' });
  }

  /** A deleted client: its subscription ends now (Stripe and ledger); the ledger row stays for the invoices. */
  async endClientSubscriptionNow(clientId: string): Promise<void> {
    const subscriptionId = await endClientSubscription(this.db, clientId);
    if (this.stripe && subscriptionId) await this.stripe.subscriptions.cancel(subscriptionId);
  }

  /** Ledger invoices (audits, ledger periods) and, with Stripe, the customer's Stripe invoices (all pages). */
  private async invoices(providerId: string, customerId: string | null, clientId?: string): Promise<InvoiceView[]> {
    const ledger = await listInvoices(this.db, providerId, clientId);
    if (!this.stripe || !customerId) return ledger;
    const subscriptions = new Map((await listSubscriptions(this.db, providerId)).map((s) => [s.id, s.clientUUID]));
    const remote = await this.stripe.invoices.list({ customer: customerId, limit: 100 }).autoPagingToArray({ limit: 1000 });
    const fromStripe = remote
      .map((invoice): InvoiceView => {
        const subscriptionId = stripeSubscriptionOf(invoice);
        return {
          id: invoice.id ?? '',
          clientUUID: (subscriptionId && subscriptions.get(subscriptionId)) ?? null,
          kind: 'subscription',
          amountEur: (invoice.total ?? 0) / 100,
          status: invoice.status ?? 'open',
          createdAt: new Date(invoice.created * 1000).toISOString(),
        };
      })
      .filter((invoice) => !clientId || invoice.clientUUID === clientId);
    return [...fromStripe, ...ledger].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  }

  async nextBillingDate(clientId: string): Promise<string | null> {
    const row = await this.db.selectFrom('billing_subscription').select('current_period_end').where('client_fk', '=', clientId).where('status', '=', 'active').where('cancel_at_period_end', '=', false).executeTakeFirst();
    return row?.current_period_end.toISOString() ?? null;
  }
}

/** The subscription an invoice belongs to (its place moved between Stripe API versions). */
function stripeSubscriptionOf(invoice: Stripe.Invoice): string | null {
  const legacy = (invoice as unknown as { subscription?: string | { id: string } | null }).subscription;
  const current = invoice.parent?.subscription_details?.subscription ?? legacy;
  if (!current) return null;
  return typeof current === 'string' ? current : current.id;
}
