import { formatPrice, priceFor } from '@burgwall/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { authenticate, principalOf } from '../auth/principal';
import { canAccessProvider, requireClientAccess } from '../auth/tenant-access';
import { createClientSubscription, cancelClientSubscription, updateClientSubscription, createAuditInvoice, ensureCustomer } from '../billing/ledger';
import { clientDb } from '../db/client-db';
import type { Db } from '../db/database';
import { sendZodError } from '../http/zod-reply';
import { publicUrl, type Services } from '../services';
import { loadClientDetails } from './client-details';
import { adminCreateClientBody, contactBody, createClientBody, employeeCountBody, quickcheckClientBody } from './client-schemas';
import { createClient } from './create-client';
import { deleteClient } from './delete-client';
import { sendQuickcheckInvitation } from './quickcheck-invitation';

const INSTALLER_SLEEP_WHEN_INACTIVE_MS = 60 * 60 * 1000;

async function providerExists(db: Db, providerId: string): Promise<boolean> {
  return Boolean(await db.selectFrom('serviceprovider').select('serviceprovider_id_pk').where('serviceprovider_id_pk', '=', providerId).executeTakeFirst());
}

const notFoundProvider = (reply: FastifyReply, id: string) => reply.code(404).send({ message: `Service provider ${id} not found` });

/** Client lifecycle, licence and contact routes of SPEC §7 ("Client API"), each tenant-scoped. */
export function registerClientRoutes(app: FastifyInstance, services: Services): void {
  const { db, tokens } = services;
  const clientScope = [authenticate(tokens), requireClientAccess(db)];
  const managerScope = [authenticate(tokens, ['admin', 'serviceprovider']), requireClientAccess(db)];

  /** Licence, subscription (monitoring) or audit invoice for a new client. */
  const startBilling = async (providerId: string, clientId: string, mode: string, employeeCount: number, cycle: 'monthly' | 'yearly') => {
    await ensureCustomer(db, providerId, null);
    if (mode === 'monitoring') await createClientSubscription(db, { providerId, clientId, employeeCount, cycle });
    if (mode === 'audit') await createAuditInvoice(db, providerId, clientId);
  };

  app.post('/client/new', { onRequest: authenticate(tokens, ['serviceprovider']) }, async (request, reply) => {
    const parsed = createClientBody.safeParse(request.body);
    if (!parsed.success) return sendZodError(reply, parsed.error);
    const providerId = principalOf(request).orgId;
    if (!providerId || !(await providerExists(db, providerId))) return reply.code(403).send({ message: 'No service provider for this account' });
    const body = parsed.data;
    const clientId = await createClient(db, {
      serviceproviderId: providerId,
      name: body.name,
      location: body.location || null,
      employeeCount: body.employeeCount,
      billingCycle: body.billingCycle,
      mode: body.mode,
      internalAd: body.internalAd,
    });
    await startBilling(providerId, clientId, body.mode, body.employeeCount, body.billingCycle);
    const price = body.mode === 'audit' ? 49 : priceFor(body.employeeCount, body.billingCycle);
    return reply.code(201).send({ message: clientId, price: formatPrice(price) });
  });

  app.post('/admin/client/new', { onRequest: authenticate(tokens, ['admin']) }, async (request, reply) => {
    const parsed = adminCreateClientBody.safeParse(request.body);
    if (!parsed.success) return sendZodError(reply, parsed.error);
    const body = parsed.data;
    if (!(await providerExists(db, body.serviceproviderUUID))) return notFoundProvider(reply, body.serviceproviderUUID);
    const clientId = await createClient(db, {
      serviceproviderId: body.serviceproviderUUID,
      name: body.name,
      location: body.location || null,
      employeeCount: body.employeeCount,
      mode: body.mode,
    });
    await startBilling(body.serviceproviderUUID, clientId, body.mode, body.employeeCount, 'monthly');
    return reply.code(201).send({ message: clientId });
  });

  app.post('/client/quickcheck/new', { onRequest: authenticate(tokens, ['admin', 'serviceprovider']) }, async (request, reply) => {
    const parsed = quickcheckClientBody.safeParse(request.body);
    if (!parsed.success) return sendZodError(reply, parsed.error);
    const body = parsed.data;
    // The provider in the body must be the caller's own (admins any): no quick checks in another tenant.
    if (!canAccessProvider(principalOf(request), body.serviceproviderUUID) || !(await providerExists(db, body.serviceproviderUUID))) {
      return notFoundProvider(reply, body.serviceproviderUUID);
    }
    // The company names the client; the person is its contact.
    const clientId = await createClient(db, { serviceproviderId: body.serviceproviderUUID, name: body.company, employeeCount: 1, mode: 'quickcheck' });
    await db
      .updateTable('client')
      .set({ client_company: body.company, client_admin_email: body.email, client_emergency_contact_name: body.name, client_emergency_contact_phone: body.phone || null })
      .where('client_id_pk', '=', clientId)
      .execute();
    const mail = await sendQuickcheckInvitation(
      { db, mailer: services.mailer, publicBase: publicUrl(services.config) },
      { clientId, providerId: body.serviceproviderUUID, name: body.name, company: body.company, email: body.email },
    );
    return reply.code(201).send({ message: clientId, invitationSent: mail.delivered, ...(mail.error ? { invitationError: mail.error } : {}) });
  });

  for (const path of ['/client/:clientUUID/', '/client/:clientUUID']) {
    app.get(path, { onRequest: clientScope }, async (request, reply) => {
      const details = await loadClientDetails(db, (request.params as { clientUUID: string }).clientUUID);
      return details ?? reply.code(404).send({ message: 'Client not found' });
    });
    app.delete(path, { onRequest: managerScope }, async (request, reply) => {
      const { clientUUID } = request.params as { clientUUID: string };
      if (!(await deleteClient(db, clientUUID))) return reply.code(404).send({ message: `Client ${clientUUID} not found` });
      return { message: clientUUID };
    });
  }

  app.get('/client/:clientUUID/license', { onRequest: clientScope }, async (request) => {
    const { clientUUID } = request.params as { clientUUID: string };
    const license = await db.selectFrom('client_license').selectAll().where('client_fk', '=', clientUUID).executeTakeFirstOrThrow();
    const client = await db.selectFrom('client').select(['client_billing_cycle', 'client_mode']).where('client_id_pk', '=', clientUUID).executeTakeFirstOrThrow();
    const cancel = await db.selectFrom('billing_subscription').select('cancel_at_period_end').where('client_fk', '=', clientUUID).where('status', '=', 'active').executeTakeFirst();
    return {
      employeeCount: license.employee_count,
      subscriptionStatus: license.subscription_status,
      freeSeats: license.free_seats,
      currentPeriodEnd: license.current_period_end?.toISOString() ?? null,
      cancelAtPeriodEnd: cancel?.cancel_at_period_end ?? false,
      billingCycle: client.client_billing_cycle,
      mode: client.client_mode,
      price: formatPrice(priceFor(license.employee_count, client.client_billing_cycle)),
    };
  });

  app.post('/client/:clientUUID/license/cancel', { onRequest: managerScope }, async (request) => {
    const { clientUUID } = request.params as { clientUUID: string };
    const end = await cancelClientSubscription(db, clientUUID);
    await db.updateTable('client').set({ client_subscription_end: end ?? new Date() }).where('client_id_pk', '=', clientUUID).execute();
    if (!end) await db.updateTable('client_license').set({ subscription_status: 'canceled' }).where('client_fk', '=', clientUUID).execute();
    await clientDb(db, clientUUID).insertInto('license_event').values({ kind: 'cancel', actor_user_fk: principalOf(request).userId }).execute();
    return { message: clientUUID, subscriptionEnd: (end ?? new Date()).toISOString() };
  });

  app.get('/client/:clientUUID/installer/license', { onRequest: clientScope }, async (request) => {
    const { clientUUID } = request.params as { clientUUID: string };
    const license = await db.selectFrom('client_license').select(['subscription_status', 'mode']).where('client_fk', '=', clientUUID).executeTakeFirstOrThrow();
    const client = await db.selectFrom('client').select('client_mode').where('client_id_pk', '=', clientUUID).executeTakeFirstOrThrow();
    return {
      subscriptionStatus: license.subscription_status,
      mode: client.client_mode,
      sleepForMs: license.subscription_status === 'active' ? 0 : INSTALLER_SLEEP_WHEN_INACTIVE_MS,
    };
  });

  app.post('/client/:clientUUID/employeeCount', { onRequest: clientScope }, async (request, reply) => {
    const parsed = employeeCountBody.safeParse(request.body);
    if (!parsed.success) return sendZodError(reply, parsed.error);
    const { clientUUID } = request.params as { clientUUID: string };
    const { employeeCount } = parsed.data;
    const client = await db.selectFrom('client').select('client_billing_cycle').where('client_id_pk', '=', clientUUID).executeTakeFirstOrThrow();
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('client_license').set({ employee_count: employeeCount }).where('client_fk', '=', clientUUID).execute();
      await trx.updateTable('client').set({ client_reported_employee_count: employeeCount }).where('client_id_pk', '=', clientUUID).execute();
    });
    await updateClientSubscription(db, clientUUID, employeeCount);
    await clientDb(db, clientUUID).insertInto('license_event').values({ kind: 'employee-count', employee_count: employeeCount, actor_user_fk: principalOf(request).userId }).execute();
    return { employeeCount, billingCycle: client.client_billing_cycle, price: formatPrice(priceFor(employeeCount, client.client_billing_cycle)) };
  });

  app.get('/client/:clientUUID/contact', { onRequest: clientScope }, async (request) => {
    const { clientUUID } = request.params as { clientUUID: string };
    const row = await db
      .selectFrom('client')
      .select(['client_admin_email', 'client_emergency_contact_name', 'client_emergency_contact_phone'])
      .where('client_id_pk', '=', clientUUID)
      .executeTakeFirstOrThrow();
    return row;
  });

  app.post('/client/:clientUUID/contact', { onRequest: clientScope }, async (request, reply) => {
    const parsed = contactBody.safeParse(request.body);
    if (!parsed.success) return sendZodError(reply, parsed.error);
    const { clientUUID } = request.params as { clientUUID: string };
    const row = await db
      .updateTable('client')
      .set({
        client_admin_email: parsed.data.email || null,
        client_emergency_contact_name: parsed.data.name || null,
        client_emergency_contact_phone: parsed.data.phone || null,
      })
      .where('client_id_pk', '=', clientUUID)
      .returning(['client_admin_email', 'client_emergency_contact_name', 'client_emergency_contact_phone'])
      .executeTakeFirstOrThrow();
    return row;
  });
}
