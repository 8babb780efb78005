import Stripe from 'stripe';
import type { Db } from '../db/database';
import { amountFor } from './ledger';

/** Why a webhook call was refused; `message` is Stripe's (English) reason for the log, `detail` the German answer. */
export class WebhookSignatureError extends Error {
  constructor(
    readonly reason: 'unconfigured' | 'missing-signature' | 'invalid-signature',
    message: string,
  ) {
    super(message);
  }

  get detail(): string {
    switch (this.reason) {
      case 'unconfigured':
        return 'Webhooks werden nicht angenommen, weil kein Webhook-Geheimnis (STRIPE_WEBHOOK_SECRET) eingerichtet ist.';
      case 'missing-signature':
        return 'Die Kopfzeile Stripe-Signature fehlt. Nur von Stripe signierte Webhooks werden angenommen.';
      case 'invalid-signature':
        return 'Die Stripe-Signatur passt nicht zum Inhalt oder ist abgelaufen. Nur von Stripe signierte Webhooks werden angenommen.';
    }
  }
}

// Verification is offline HMAC; the key is never used to call Stripe from here.
const verifier = new Stripe('sk_webhook_verification_only');

/**
 * Verifies the Stripe-Signature header over the raw body (same scheme in
 * local mode, with the configured secret) and returns the event.
 */
export function verifyWebhook(rawBody: string | Buffer, signature: string | undefined, secret: string | undefined): Stripe.Event {
  if (!secret) throw new WebhookSignatureError('unconfigured', 'Webhook secret is not configured');
  if (!signature) throw new WebhookSignatureError('missing-signature', 'Missing Stripe-Signature header');
  try {
    return verifier.webhooks.constructEvent(rawBody, signature, secret);
  } catch (error) {
    throw new WebhookSignatureError('invalid-signature', error instanceof Error ? error.message : 'Invalid signature');
  }
}

interface SubscriptionObject {
  id: string;
  status?: string;
  cancel_at_period_end?: boolean;
  current_period_end?: number;
  items?: { data?: Array<{ current_period_end?: number }> };
}

/** Applies a verified event to the ledger once (events are recorded by id; redeliveries are ignored). */
export async function applyWebhookEvent(db: Db, event: Stripe.Event): Promise<'applied' | 'duplicate' | 'ignored'> {
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('billing_webhook_event')
      .values({ event_id: event.id, event_type: event.type })
      .onConflict((oc) => oc.column('event_id').doNothing())
      .returning('event_id')
      .executeTakeFirst();
    if (!inserted) return 'duplicate';
    switch (event.type) {
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted': {
        const sub = event.data.object as unknown as SubscriptionObject;
        const periodEnd = sub.current_period_end ?? sub.items?.data?.[0]?.current_period_end;
        const status = event.type === 'customer.subscription.deleted' ? 'canceled' : (sub.status ?? 'active');
        const row = await trx
          .updateTable('billing_subscription')
          .set({
            status,
            ...(sub.cancel_at_period_end !== undefined ? { cancel_at_period_end: sub.cancel_at_period_end } : {}),
            ...(periodEnd ? { current_period_end: new Date(periodEnd * 1000) } : {}),
          })
          .where('subscription_id', '=', sub.id)
          .returning(['client_fk', 'current_period_end'])
          .executeTakeFirst();
        if (row?.client_fk) {
          await trx.updateTable('client_license').set({ subscription_status: status, current_period_end: row.current_period_end }).where('client_fk', '=', row.client_fk).execute();
          await trx.updateTable('client').set({ client_subscription_end: row.current_period_end }).where('client_id_pk', '=', row.client_fk).execute();
        }
        return 'applied';
      }
      case 'customer.subscription.created': {
        // A subscription made at Stripe (e.g. in its dashboard) for a client named in its metadata.
        const sub = event.data.object as unknown as SubscriptionObject & { metadata?: Record<string, string>; customer?: string };
        const clientId = sub.metadata?.clientUUID;
        const periodEnd = sub.current_period_end ?? sub.items?.data?.[0]?.current_period_end;
        if (!clientId || !/^[0-9a-f-]{36}$/.test(clientId) || !periodEnd) return 'ignored';
        const client = await trx
          .selectFrom('client')
          .innerJoin('client_license', 'client_license.client_fk', 'client.client_id_pk')
          .select(['client.serviceprovider_fk', 'client.client_billing_cycle', 'client_license.employee_count'])
          .where('client_id_pk', '=', clientId)
          .executeTakeFirst();
        if (!client) return 'ignored';
        await trx
          .insertInto('billing_subscription')
          .values({
            subscription_id: sub.id,
            serviceprovider_fk: client.serviceprovider_fk,
            client_fk: clientId,
            status: sub.status ?? 'active',
            billing_cycle: client.client_billing_cycle,
            employee_count: client.employee_count,
            amount_eur: amountFor(client.employee_count, client.client_billing_cycle),
            current_period_end: new Date(periodEnd * 1000),
          })
          .onConflict((oc) => oc.column('subscription_id').doNothing())
          .execute();
        return 'applied';
      }
      case 'checkout.session.completed': {
        const session = event.data.object as { customer?: string | null; mode?: string };
        if (!session.customer) return 'ignored';
        const customer = await trx.selectFrom('billing_customer').select('serviceprovider_fk').where('customer_id', '=', session.customer).executeTakeFirst();
        if (!customer) return 'ignored';
        await trx
          .insertInto('billing_payment_method')
          .values({ payment_method_id: `pm_${event.id}`, serviceprovider_fk: customer.serviceprovider_fk, kind: 'stripe', label: 'Zahlungsmethode bei Stripe hinterlegt' })
          .onConflict((oc) => oc.column('payment_method_id').doNothing())
          .execute();
        return 'applied';
      }
      case 'invoice.paid':
      case 'invoice.payment_failed': {
        const invoice = event.data.object as { id?: string };
        if (invoice.id) {
          await trx.updateTable('billing_invoice').set({ status: event.type === 'invoice.paid' ? 'paid' : 'failed' }).where('invoice_id', '=', invoice.id).execute();
        }
        return 'applied';
      }
      default:
        return 'ignored';
    }
  });
}
