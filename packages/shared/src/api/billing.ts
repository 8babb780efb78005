/** Billing API (SPEC §7 "Billing API" under /saas): bodies and answers of customers, subscriptions, invoices and payment methods. */
import { z } from 'zod';
import { BILLING_CYCLES } from './clients';
import { isoDateTime } from './common';

export const BILLING_MODES = ['stripe', 'local'] as const;
export const INVOICE_KINDS = ['audit', 'subscription'] as const;

/** One subscription (one per monitoring client). */
export const billingSubscriptionSchema = z.object({
  id: z.string().describe('ID des Abonnements (sub_…)'),
  clientUUID: z.string().nullable(),
  status: z.string().describe('active, past_due, canceled, …'),
  billingCycle: z.enum(BILLING_CYCLES),
  employeeCount: z.number().int(),
  amountEur: z.number().nullable().describe('Preis pro Zeitraum in Euro; null bei „auf Anfrage“'),
  currentPeriodEnd: isoDateTime,
  cancelAtPeriodEnd: z.boolean(),
});
export type BillingSubscription = z.infer<typeof billingSubscriptionSchema>;

export const billingInvoiceSchema = z.object({
  id: z.string().describe('ID der Rechnung (in_…)'),
  clientUUID: z.string().nullable(),
  kind: z.enum(INVOICE_KINDS),
  amountEur: z.number(),
  status: z.string().describe('open, paid, failed'),
  createdAt: isoDateTime,
});
export type BillingInvoice = z.infer<typeof billingInvoiceSchema>;

export const paymentMethodSchema = z.object({ id: z.string(), kind: z.string(), label: z.string() });
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

/** GET /saas/billing/customers/{serviceproviderUUID}. */
export const billingCustomerSchema = z.object({
  mode: z.enum(BILLING_MODES).describe('stripe: Stripe ist angebunden; local: nur das eigene Hauptbuch'),
  customerId: z.string().nullable(),
  email: z.string().nullable(),
  subscriptions: z.array(billingSubscriptionSchema),
  invoices: z.array(billingInvoiceSchema),
  paymentMethods: z.array(paymentMethodSchema),
});
export type BillingCustomer = z.infer<typeof billingCustomerSchema>;

/** ?clientUUID= of GET /saas/billing/customers/{serviceproviderUUID}: only that client's subscriptions and invoices. */
export const billingCustomerQuerySchema = z.object({ clientUUID: z.union([z.uuid(), z.literal('')]).optional() });

/** POST /saas/billing/customers. */
export const createBillingCustomerBodySchema = z.object({ serviceproviderUUID: z.uuid(), email: z.email().optional() });
export type CreateBillingCustomerBody = z.input<typeof createBillingCustomerBodySchema>;
export const billingCustomerCreatedSchema = z.object({ customerId: z.string() });

/** POST …/checkout-session. */
export const checkoutSessionSchema = z.object({ id: z.string(), url: z.string().describe('Adresse, auf die der Browser weitergeleitet wird') });
export type CheckoutSession = z.infer<typeof checkoutSessionSchema>;
/** POST …/portal-session. */
export const portalSessionSchema = z.object({ url: z.string().describe('Adresse, auf die der Browser weitergeleitet wird') });
export type PortalSession = z.infer<typeof portalSessionSchema>;

/** POST …/invoices/audit and POST …/subscriptions: optionally for one client of the provider. */
export const billingClientFilterBodySchema = z.object({ clientUUID: z.uuid().optional() }).nullish();
export type BillingClientFilterBody = z.input<typeof billingClientFilterBodySchema>;

/** POST …/subscriptions/{subscriptionId}: cancel at period end (or undo) and change the billing cycle. */
export const subscriptionUpdateBodySchema = z.strictObject({ cancelAtPeriodEnd: z.boolean().optional(), billingCycle: z.enum(BILLING_CYCLES).optional() }).nullish();
export type SubscriptionUpdateBody = z.input<typeof subscriptionUpdateBodySchema>;

/** GET /saas/client/{clientUUID}/next-billing-date. */
export const nextBillingDateSchema = z.object({ nextBillingDate: isoDateTime.nullable() });
export type NextBillingDate = z.infer<typeof nextBillingDateSchema>;

/** POST /saas/billing/webhook. */
export const WEBHOOK_RESULTS = ['applied', 'duplicate', 'ignored'] as const;
export const billingWebhookAnswerSchema = z.object({ received: z.literal(true), result: z.enum(WEBHOOK_RESULTS) });
