import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { authenticate, principalOf } from '../auth/principal';
import { canAccessProvider, requireClientAccess, requireProviderAccess } from '../auth/tenant-access';
import { isClientId } from '../db/client-schema';
import type { Services } from '../services';
import { sendZodError } from '../http/zod-reply';
import { applyWebhookEvent, verifyWebhook, WebhookSignatureError } from './webhook';

const BASE = '/saas/billing/customers/:serviceproviderUUID';

/** The optional ?clientUUID= must be a client of that provider, else 404 (no probing of other tenants). */
async function clientOfProvider(services: Services, request: FastifyRequest, reply: FastifyReply, providerId: string): Promise<string | undefined | null> {
  const { clientUUID } = (request.query ?? {}) as { clientUUID?: string };
  if (clientUUID === undefined || clientUUID === '') return undefined;
  const row = isClientId(clientUUID)
    ? await services.db.selectFrom('client').select('client_id_pk').where('client_id_pk', '=', clientUUID).where('serviceprovider_fk', '=', providerId).executeTakeFirst()
    : undefined;
  if (!row) {
    await reply.code(404).send({ message: `Client ${clientUUID} not found` });
    return null;
  }
  return row.client_id_pk;
}

/** SPEC §7 "Billing API" under /saas (its own base URL in the web's runtime config). */
export function registerBillingRoutes(app: FastifyInstance, services: Services): void {
  const { db, tokens, billing } = services;
  const provider = { onRequest: [authenticate(tokens, ['admin', 'serviceprovider']), requireProviderAccess()] };

  app.post('/saas/billing/customers', { onRequest: authenticate(tokens, ['admin', 'serviceprovider']) }, async (request, reply) => {
    const parsed = z.object({ serviceproviderUUID: z.uuid(), email: z.email().optional() }).safeParse(request.body);
    if (!parsed.success) return sendZodError(reply, parsed.error);
    if (!canAccessProvider(principalOf(request), parsed.data.serviceproviderUUID)) {
      return reply.code(404).send({ message: `Service provider ${parsed.data.serviceproviderUUID} not found` });
    }
    const exists = await db.selectFrom('serviceprovider').select('serviceprovider_id_pk').where('serviceprovider_id_pk', '=', parsed.data.serviceproviderUUID).executeTakeFirst();
    if (!exists) return reply.code(404).send({ message: `Service provider ${parsed.data.serviceproviderUUID} not found` });
    return reply.code(201).send(await billing.createCustomer(parsed.data.serviceproviderUUID, parsed.data.email ?? principalOf(request).email));
  });

  app.get(BASE, provider, async (request, reply) => {
    const { serviceproviderUUID } = request.params as { serviceproviderUUID: string };
    const clientId = await clientOfProvider(services, request, reply, serviceproviderUUID);
    if (clientId === null) return reply;
    return billing.customer(serviceproviderUUID, clientId);
  });

  app.delete(BASE, { onRequest: [authenticate(tokens, ['admin']), requireProviderAccess()] }, async (request, reply) => {
    const { serviceproviderUUID } = request.params as { serviceproviderUUID: string };
    if (!(await billing.deleteCustomer(serviceproviderUUID))) return reply.code(404).send({ message: 'No billing customer' });
    return { message: serviceproviderUUID };
  });

  app.post(`${BASE}/checkout-session`, provider, async (request) => billing.checkoutSession((request.params as { serviceproviderUUID: string }).serviceproviderUUID));
  app.post(`${BASE}/portal-session`, provider, async (request) => billing.portalSession((request.params as { serviceproviderUUID: string }).serviceproviderUUID));

  app.post(`${BASE}/invoices/audit`, provider, async (request, reply) => {
    const { serviceproviderUUID } = request.params as { serviceproviderUUID: string };
    const parsed = z.object({ clientUUID: z.uuid().optional() }).safeParse(request.body ?? {});
    if (!parsed.success) return sendZodError(reply, parsed.error);
    if (parsed.data.clientUUID) {
      const own = await db.selectFrom('client').select('client_id_pk').where('client_id_pk', '=', parsed.data.clientUUID).where('serviceprovider_fk', '=', serviceproviderUUID).executeTakeFirst();
      if (!own) return reply.code(404).send({ message: `Client ${parsed.data.clientUUID} not found` });
    }
    return reply.code(201).send(await billing.auditInvoice(serviceproviderUUID, parsed.data.clientUUID ?? null));
  });

  app.get(`${BASE}/subscriptions/payment-methods`, provider, async (request) =>
    billing.paymentMethods((request.params as { serviceproviderUUID: string }).serviceproviderUUID),
  );

  // Listing (the spec's POST .../subscriptions with optional clientUUID filter in the body).
  app.post(`${BASE}/subscriptions`, provider, async (request, reply) => {
    const { serviceproviderUUID } = request.params as { serviceproviderUUID: string };
    const parsed = z.object({ clientUUID: z.uuid().optional() }).safeParse(request.body ?? {});
    if (!parsed.success) return sendZodError(reply, parsed.error);
    return billing.subscriptions(serviceproviderUUID, parsed.data.clientUUID);
  });

  app.post(`${BASE}/subscriptions/:subscriptionId`, provider, async (request, reply) => {
    const { serviceproviderUUID, subscriptionId } = request.params as { serviceproviderUUID: string; subscriptionId: string };
    const parsed = z.object({ cancelAtPeriodEnd: z.boolean().optional(), billingCycle: z.enum(['monthly', 'yearly']).optional() }).strict().safeParse(request.body ?? {});
    if (!parsed.success) return sendZodError(reply, parsed.error);
    const updated = await billing.updateSubscription(serviceproviderUUID, subscriptionId, parsed.data);
    return updated ?? reply.code(404).send({ message: `Subscription ${subscriptionId} not found` });
  });

  app.delete(`${BASE}/subscriptions/:subscriptionId`, provider, async (request, reply) => {
    const { serviceproviderUUID, subscriptionId } = request.params as { serviceproviderUUID: string; subscriptionId: string };
    const canceled = await billing.cancelSubscriptionNow(serviceproviderUUID, subscriptionId);
    return canceled ?? reply.code(404).send({ message: `Subscription ${subscriptionId} not found` });
  });

  app.get('/saas/client/:clientUUID/next-billing-date', { onRequest: [authenticate(tokens), requireClientAccess(db)] }, async (request) => ({
    nextBillingDate: await billing.nextBillingDate((request.params as { clientUUID: string }).clientUUID),
  }));

  // The webhook needs the raw body for the signature, so it gets a scope with its own parser.
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.post('/saas/billing/webhook', { bodyLimit: 1024 * 1024 }, async (request, reply) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['stripe-signature'];
      try {
        const event = verifyWebhook(raw, typeof signature === 'string' ? signature : undefined, services.config.STRIPE_WEBHOOK_SECRET);
        const result = await applyWebhookEvent(db, event);
        return { received: true, result };
      } catch (error) {
        if (error instanceof WebhookSignatureError) return reply.code(400).send({ message: `Webhook Error: ${error.message}` });
        throw error;
      }
    });
  });
}
