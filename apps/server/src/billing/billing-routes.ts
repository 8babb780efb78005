import {
  billingClientFilterBodySchema,
  billingCustomerCreatedSchema,
  billingCustomerQuerySchema,
  billingCustomerSchema,
  billingInvoiceSchema,
  billingSubscriptionSchema,
  billingWebhookAnswerSchema,
  checkoutSessionSchema,
  createBillingCustomerBodySchema,
  messageSchema,
  nextBillingDateSchema,
  noBodySchema,
  paymentMethodSchema,
  portalSessionSchema,
  subscriptionUpdateBodySchema,
} from '@burgwall/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../auth/principal';
import { canAccessProvider } from '../auth/tenant-access';
import { isClientId } from '../db/client-schema';
import type { Db } from '../db/database';
import type { ApiApp } from '../http/api-app';
import { badRequest, notFound } from '../http/problem';
import type { Services } from '../services';
import { applyWebhookEvent, verifyWebhook, WebhookSignatureError } from './webhook';

const BASE = '/saas/billing/customers/:serviceproviderUUID';
const PROVIDER_NOT_FOUND = 'Der Dienstleister wurde nicht gefunden oder Sie haben keinen Zugriff auf ihn.';
const CLIENT_NOT_FOUND = 'Der Kunde wurde bei diesem Dienstleister nicht gefunden.';
const SUBSCRIPTION_NOT_FOUND = 'Das Abonnement wurde bei diesem Dienstleister nicht gefunden.';

const subscriptionParamsSchema = z.object({
  serviceproviderUUID: z.string().describe('ID des Dienstleisters (UUID)'),
  subscriptionId: z.string().min(1).max(255).describe('ID des Abonnements (sub_…)'),
});

const managers = { roles: ['admin', 'serviceprovider'] as const };

async function providerExists(db: Db, providerId: string): Promise<boolean> {
  return Boolean(await db.selectFrom('serviceprovider').select('serviceprovider_id_pk').where('serviceprovider_id_pk', '=', providerId).executeTakeFirst());
}

/** A client id of a query or body must be a client of that provider, else 404 (no probing of other tenants). */
async function clientOfProvider(db: Db, providerId: string, clientId: string | undefined): Promise<string | undefined> {
  if (clientId === undefined || clientId === '') return undefined;
  const row = isClientId(clientId)
    ? await db.selectFrom('client').select('client_id_pk').where('client_id_pk', '=', clientId).where('serviceprovider_fk', '=', providerId).executeTakeFirst()
    : undefined;
  if (!row) throw notFound(CLIENT_NOT_FOUND);
  return row.client_id_pk;
}

/** POST /saas/billing/customers (user scope: the provider is in the body and must be the caller's own; admins any). */
export function registerBillingCustomerCreationRoutes(app: ApiApp, services: Services): void {
  const { db, billing } = services;
  app.post(
    '/saas/billing/customers',
    {
      config: managers,
      schema: {
        summary: 'Kundenkonto in der Abrechnung anlegen',
        description: 'Für den Dienstleister im Body (den eigenen; admin jeden). Nur admin und serviceprovider.',
        body: createBillingCustomerBodySchema,
        response: { 201: billingCustomerCreatedSchema },
      },
    },
    async (request, reply) => {
      const { serviceproviderUUID, email } = request.body;
      const principal = principalOf(request);
      if (!canAccessProvider(principal, serviceproviderUUID) || !(await providerExists(db, serviceproviderUUID))) throw notFound(PROVIDER_NOT_FOUND);
      return reply.code(201).send(await billing.createCustomer(serviceproviderUUID, email ?? principal.email));
    },
  );
}

/** SPEC §7 "Billing API" of one provider under /saas/billing/customers/{serviceproviderUUID} (provider scope). */
export function registerBillingRoutes(app: ApiApp, services: Services): void {
  const { db, billing } = services;

  /** Admins may name any provider id; sessions and invoices need an existing one. */
  const existingProvider = async (providerId: string) => {
    if (!(await providerExists(db, providerId))) throw notFound(PROVIDER_NOT_FOUND);
    return providerId;
  };

  app.get(
    BASE,
    {
      config: managers,
      schema: {
        summary: 'Abrechnungskonto des Dienstleisters lesen',
        description: 'Optional auf einen seiner Kunden eingeschränkt (clientUUID). Nur admin und der Dienstleister selbst.',
        querystring: billingCustomerQuerySchema,
        response: { 200: billingCustomerSchema },
      },
    },
    async (request) => {
      const { providerId } = request.provider;
      return billing.customer(providerId, await clientOfProvider(db, providerId, request.query.clientUUID));
    },
  );

  app.delete(
    BASE,
    {
      config: { roles: ['admin'] },
      schema: { summary: 'Abrechnungskonto des Dienstleisters löschen', description: 'Nur Rolle admin.', response: { 200: messageSchema } },
    },
    async (request) => {
      const { providerId } = request.provider;
      if (!(await billing.deleteCustomer(providerId))) throw notFound('Für diesen Dienstleister gibt es kein Kundenkonto in der Abrechnung.');
      return { message: providerId };
    },
  );

  app.post(
    `${BASE}/checkout-session`,
    {
      config: managers,
      schema: {
        summary: 'Checkout-Sitzung für Zahlungsdaten anlegen',
        description: 'Stripe Checkout zum Hinterlegen einer Zahlungsmethode; antwortet mit ID und URL. Nur admin und der Dienstleister selbst. Ohne Body.',
        body: noBodySchema,
        response: { 200: checkoutSessionSchema },
      },
    },
    async (request) => billing.checkoutSession(await existingProvider(request.provider.providerId)),
  );

  app.post(
    `${BASE}/portal-session`,
    {
      config: managers,
      schema: {
        summary: 'Sitzung im Kundenportal anlegen',
        description: 'URL des Stripe-Kundenportals. Nur admin und der Dienstleister selbst. Ohne Body.',
        body: noBodySchema,
        response: { 200: portalSessionSchema },
      },
    },
    async (request) => billing.portalSession(await existingProvider(request.provider.providerId)),
  );

  app.post(
    `${BASE}/invoices/audit`,
    {
      config: managers,
      schema: {
        summary: 'Audit-Rechnung erstellen',
        description: 'Optional für einen seiner Kunden (clientUUID). Nur admin und der Dienstleister selbst.',
        body: billingClientFilterBodySchema,
        response: { 201: billingInvoiceSchema },
      },
    },
    async (request, reply) => {
      const providerId = await existingProvider(request.provider.providerId);
      const clientId = await clientOfProvider(db, providerId, request.body?.clientUUID);
      return reply.code(201).send(await billing.auditInvoice(providerId, clientId ?? null));
    },
  );

  app.get(
    `${BASE}/subscriptions/payment-methods`,
    {
      config: managers,
      schema: {
        summary: 'Zahlungsmethoden auflisten',
        description: 'Nur admin und der Dienstleister selbst.',
        response: { 200: z.array(paymentMethodSchema) },
      },
    },
    async (request) => billing.paymentMethods(request.provider.providerId),
  );

  // Listing (the spec's POST …/subscriptions with an optional clientUUID filter in the body; only this provider's rows).
  app.post(
    `${BASE}/subscriptions`,
    {
      config: managers,
      schema: {
        summary: 'Abonnements auflisten',
        description: 'POST wie in der SPEC, mit optionalem Filter clientUUID im Body; nur die Abonnements dieses Dienstleisters. Nur admin und der Dienstleister selbst.',
        body: billingClientFilterBodySchema,
        response: { 200: z.array(billingSubscriptionSchema) },
      },
    },
    async (request) => billing.subscriptions(request.provider.providerId, request.body?.clientUUID),
  );

  app.post(
    `${BASE}/subscriptions/:subscriptionId`,
    {
      config: managers,
      schema: {
        summary: 'Abonnement ändern',
        description: 'Nur admin und der Dienstleister selbst.',
        params: subscriptionParamsSchema,
        body: subscriptionUpdateBodySchema,
        response: { 200: billingSubscriptionSchema },
      },
    },
    async (request) => {
      const updated = await billing.updateSubscription(request.provider.providerId, request.params.subscriptionId, request.body ?? {});
      if (!updated) throw notFound(SUBSCRIPTION_NOT_FOUND);
      return updated;
    },
  );

  app.delete(
    `${BASE}/subscriptions/:subscriptionId`,
    {
      config: managers,
      schema: {
        summary: 'Abonnement sofort kündigen',
        description: 'Nur admin und der Dienstleister selbst.',
        params: subscriptionParamsSchema,
        response: { 200: billingSubscriptionSchema },
      },
    },
    async (request) => {
      const canceled = await billing.cancelSubscriptionNow(request.provider.providerId, request.params.subscriptionId);
      if (!canceled) throw notFound(SUBSCRIPTION_NOT_FOUND);
      return canceled;
    },
  );
}

/** GET /saas/client/{clientUUID}/next-billing-date (client scope). */
export function registerClientBillingRoutes(app: ApiApp, services: Services): void {
  app.get(
    '/saas/client/:clientUUID/next-billing-date',
    {
      schema: {
        summary: 'Nächstes Abrechnungsdatum des Kunden lesen',
        description: 'Für admin, den Dienstleister des Kunden und Benutzer des Kunden.',
        response: { 200: nextBillingDateSchema },
      },
    },
    async (request) => ({
      nextBillingDate: await services.billing.nextBillingDate(request.tenant.clientId),
    }),
  );
}

/**
 * POST /saas/billing/webhook: Stripe's events, authenticated by the Stripe-Signature over the raw body (no user, so
 * outside the tenant scopes). It gets its own plugin whose one content-type parser keeps the body as the raw text.
 */
export async function registerBillingWebhookRoute(app: FastifyInstance, services: Services): Promise<void> {
  await app.register(async (plugin) => {
    const scope = plugin.withTypeProvider<ZodTypeProvider>();
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    scope.post(
      '/saas/billing/webhook',
      {
        bodyLimit: 1024 * 1024,
        schema: {
          summary: 'Stripe-Webhook empfangen',
          description: 'Ereignisse von Stripe, ohne Benutzer; nur mit gültiger Kopfzeile Stripe-Signature, sonst 400.',
          body: z.string().describe('Das Stripe-Ereignis als JSON, unverändert (die Signatur gilt für genau diesen Text)'),
          response: { 200: billingWebhookAnswerSchema },
        },
      },
      async (request) => {
        const signature = request.headers['stripe-signature'];
        try {
          const event = verifyWebhook(request.body, typeof signature === 'string' ? signature : undefined, services.config.STRIPE_WEBHOOK_SECRET);
          return { received: true as const, result: await applyWebhookEvent(services.db, event) };
        } catch (error) {
          if (!(error instanceof WebhookSignatureError)) throw error;
          request.log.warn({ reason: error.reason, stripe: error.message }, 'webhook refused');
          throw badRequest(error.detail);
        }
      },
    );
  });
}
