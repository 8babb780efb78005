import {
  adminCreateClientBodySchema,
  clientExistsQuerySchema,
  clientExistsSchema,
  clientDetailsSchema,
  clientLicenseSchema,
  contactBodySchema,
  contactSchema,
  createClientAnswerSchema,
  createClientBodySchema,
  employeeCountAnswerSchema,
  employeeCountBodySchema,
  formatPrice,
  installerLicenseSchema,
  licenseCancelAnswerSchema,
  messageSchema,
  noBodySchema,
  priceFor,
  quickcheckClientAnswerSchema,
  quickcheckClientBodySchema,
} from '@burgwall/shared';
import { principalOf } from '../auth/principal';
import { canAccessProvider } from '../auth/tenant-access';
import type { BillingService } from '../billing/billing-service';
import { cancelClientSubscription, createAuditInvoice } from '../billing/ledger';
import type { Db } from '../db/database';
import type { ApiApp } from '../http/api-app';
import { badRequest, forbidden, notFound } from '../http/problem';
import { publicUrl, type Services } from '../services';
import { loadClientDetails } from './client-details';
import { clientNameTaken, createClient } from './create-client';
import { deleteClient } from './delete-client';
import { sendQuickcheckInvitation } from './quickcheck-invitation';
import { joinQuickcheckList } from '../saas/mailing-funnels';

const INSTALLER_SLEEP_WHEN_INACTIVE_MS = 60 * 60 * 1000;
const PROVIDER_NOT_FOUND = 'Der Dienstleister wurde nicht gefunden oder Sie haben keinen Zugriff auf ihn.';

async function providerExists(db: Db, providerId: string): Promise<boolean> {
  return Boolean(await db.selectFrom('serviceprovider').select('serviceprovider_id_pk').where('serviceprovider_id_pk', '=', providerId).executeTakeFirst());
}

/** Licence, subscription (monitoring) or audit invoice for a new client. */
async function startBilling(db: Db, billing: BillingService, providerId: string, clientId: string, mode: string, employeeCount: number, cycle: 'monthly' | 'yearly') {
  await billing.createCustomer(providerId, null);
  if (mode === 'monitoring') await billing.startClientSubscription({ providerId, clientId, employeeCount, cycle });
  if (mode === 'audit') await createAuditInvoice(db, providerId, clientId);
}

/** Creating clients (user scope: the provider comes from the caller or the body, not from the path). */
export function registerClientCreationRoutes(app: ApiApp, services: Services): void {
  const { db } = services;

  app.post(
    '/client/new',
    {
      config: { roles: ['serviceprovider'], apiTokenScope: 'clients:manage' },
      schema: {
        summary: 'Kunden anlegen',
        description: 'Legt einen Kunden beim Dienstleister des angemeldeten Benutzers an und startet die Abrechnung (Abonnement bei monitoring, Rechnung bei audit). Nur Rolle serviceprovider; antwortet 201 mit der ID und dem Preis.',
        body: createClientBodySchema,
        response: { 201: createClientAnswerSchema },
      },
    },
    async (request, reply) => {
      const providerId = principalOf(request).orgId;
      if (!providerId || !(await providerExists(db, providerId))) throw forbidden('Zu diesem Konto gehört kein Dienstleister.');
      const body = request.body;
      const clientId = await createClient(db, {
        serviceproviderId: providerId,
        name: body.name,
        location: body.location || null,
        employeeCount: body.employeeCount,
        billingCycle: body.billingCycle,
        mode: body.mode,
        internalAd: body.internalAd,
      });
      await startBilling(db, services.billing, providerId, clientId, body.mode, body.employeeCount, body.billingCycle);
      const price = body.mode === 'audit' ? 49 : priceFor(body.employeeCount, body.billingCycle);
      return reply.code(201).send({ message: clientId, price: formatPrice(price) });
    },
  );

  app.get(
    '/client/exists',
    {
      config: { roles: ['admin', 'serviceprovider'] },
      schema: {
        summary: 'Prüfen, ob es den Kunden schon gibt',
        description: 'Ob der Dienstleister schon einen Kunden mit diesem Namen hat (ohne Groß-/Kleinschreibung und Leerzeichen am Rand); das Formular „Kunde anlegen“ warnt damit. serviceprovider: der eigene Dienstleister; admin nennt serviceproviderUUID.',
        querystring: clientExistsQuerySchema,
        response: { 200: clientExistsSchema },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const providerId = principal.role === 'admin' ? request.query.serviceproviderUUID : principal.orgId;
      if (!providerId) throw badRequest(principal.role === 'admin' ? 'Bitte geben Sie den Dienstleister an (serviceproviderUUID).' : 'Zu diesem Konto gehört kein Dienstleister.');
      if (principal.role !== 'admin' && request.query.serviceproviderUUID && request.query.serviceproviderUUID !== providerId) throw notFound(PROVIDER_NOT_FOUND);
      return { exists: await clientNameTaken(db, providerId, request.query.name) };
    },
  );

  app.post(
    '/client/quickcheck/new',
    {
      config: { roles: ['admin', 'serviceprovider'] },
      schema: {
        summary: 'Quickcheck-Kunden anlegen und einladen',
        description: 'Legt einen Quickcheck-Kunden an und sendet der Kontaktperson den Link zum Download des Collectors. Für admin und serviceprovider (nur der eigene Dienstleister im Body; ein fremder antwortet 404).',
        body: quickcheckClientBodySchema,
        response: { 201: quickcheckClientAnswerSchema },
      },
    },
    async (request, reply) => {
      const body = request.body;
      // The provider in the body must be the caller's own (admins any): no quick checks in another tenant.
      if (!canAccessProvider(principalOf(request), body.serviceproviderUUID) || !(await providerExists(db, body.serviceproviderUUID))) {
        throw notFound(PROVIDER_NOT_FOUND);
      }
      // The company names the client; the person is its contact.
      const clientId = await createClient(db, { serviceproviderId: body.serviceproviderUUID, name: body.company, employeeCount: 1, mode: 'quickcheck' });
      await db
        .updateTable('client')
        .set({ client_company: body.company, client_admin_email: body.email, client_emergency_contact_name: body.name, client_emergency_contact_phone: body.phone || null })
        .where('client_id_pk', '=', clientId)
        .execute();
      await joinQuickcheckList(db, request.log, { email: body.email, name: body.name, company: body.company });
      const mail = await sendQuickcheckInvitation(
        { db, mailer: services.mailer, publicBase: publicUrl(services.config) },
        { clientId, providerId: body.serviceproviderUUID, name: body.name, company: body.company, email: body.email },
      );
      return reply.code(201).send({ message: clientId, invitationSent: mail.delivered, ...(mail.error ? { invitationError: mail.error } : {}) });
    },
  );
}

/** POST /admin/client/new (admin scope). */
export function registerAdminClientRoutes(app: ApiApp, services: Services): void {
  const { db } = services;
  app.post(
    '/admin/client/new',
    {
      schema: {
        summary: 'Kunden für einen Dienstleister anlegen (Admin)',
        description: 'Legt beim Dienstleister aus dem Body einen Kunden an und startet die Abrechnung (monatlich). Nur Rolle admin.',
        body: adminCreateClientBodySchema,
        response: { 201: messageSchema },
      },
    },
    async (request, reply) => {
      const body = request.body;
      if (!(await providerExists(db, body.serviceproviderUUID))) throw notFound(PROVIDER_NOT_FOUND);
      const clientId = await createClient(db, {
        serviceproviderId: body.serviceproviderUUID,
        name: body.name,
        location: body.location || null,
        employeeCount: body.employeeCount,
        mode: body.mode,
      });
      await startBilling(db, services.billing, body.serviceproviderUUID, clientId, body.mode, body.employeeCount, 'monthly');
      return reply.code(201).send({ message: clientId });
    },
  );
}

/** Client lifecycle, licence and contact routes of SPEC §7 ("Client API") in the client scope. */
export function registerClientRoutes(app: ApiApp, services: Services): void {
  const { db } = services;
  const managers = { roles: ['admin', 'serviceprovider'] as const };

  app.get(
    '/client/:clientUUID',
    {
      config: { apiTokenScope: 'clients:manage' },
      schema: {
        summary: 'Kunden lesen',
        description: 'Stammdaten, Lizenz und Zustand des Kunden. Für admin, den Dienstleister des Kunden und Benutzer des Kunden.',
        response: { 200: clientDetailsSchema },
      },
    },
    async (request) => {
      const details = await loadClientDetails(db, request.tenant.clientId);
      if (!details) throw notFound('Der Kunde wurde nicht gefunden.');
      return details;
    },
  );

  app.delete(
    '/client/:clientUUID',
    {
      config: { ...managers, apiTokenScope: 'clients:manage' },
      schema: {
        summary: 'Kunden löschen',
        description: 'Löscht den Kunden mit seinen Benutzerkonten und allen erfassten Daten. Nur admin und der Dienstleister des Kunden.',
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      const { clientId } = request.tenant;
      // The subscription ends first: a client that no longer exists must not be billed further.
      await services.billing.endClientSubscriptionNow(clientId);
      if (!(await deleteClient(db, clientId))) throw notFound('Der Kunde wurde nicht gefunden.');
      return { message: clientId };
    },
  );

  app.get(
    '/client/:clientUUID/license',
    {
      config: { apiTokenScope: 'clients:manage' },
      schema: {
        summary: 'Lizenz des Kunden lesen',
        description: 'Mitarbeiterzahl, Abo-Status, Laufzeitende, Abrechnungszyklus und Preis. Für admin, den Dienstleister des Kunden und Benutzer des Kunden.',
        response: { 200: clientLicenseSchema },
      },
    },
    async (request) => {
      const { clientId } = request.tenant;
      // One query: every client page loads the licence with the client (web: load-current-client).
      const license = await db
        .selectFrom('client_license')
        .innerJoin('client', 'client.client_id_pk', 'client_license.client_fk')
        .select(['employee_count', 'client_license.subscription_status', 'client_license.free_seats', 'current_period_end', 'client_billing_cycle', 'client_mode'])
        .select((eb) =>
          eb
            .selectFrom('billing_subscription')
            .select('cancel_at_period_end')
            .where('billing_subscription.client_fk', '=', clientId)
            .where('status', '=', 'active')
            .limit(1)
            .as('cancel_at_period_end'),
        )
        .where('client_license.client_fk', '=', clientId)
        .executeTakeFirstOrThrow();
      return {
        employeeCount: license.employee_count,
        subscriptionStatus: license.subscription_status,
        freeSeats: license.free_seats,
        currentPeriodEnd: license.current_period_end?.toISOString() ?? null,
        cancelAtPeriodEnd: license.cancel_at_period_end ?? false,
        billingCycle: license.client_billing_cycle,
        mode: license.client_mode,
        price: formatPrice(priceFor(license.employee_count, license.client_billing_cycle)),
      };
    },
  );

  app.post(
    '/client/:clientUUID/license/cancel',
    {
      config: managers,
      schema: {
        summary: 'Lizenz des Kunden kündigen',
        description: 'Kündigt das Abonnement zum Ende der Laufzeit (ohne laufendes Abonnement sofort). Nur admin und der Dienstleister des Kunden. Ohne Body.',
        body: noBodySchema,
        response: { 200: licenseCancelAnswerSchema },
      },
    },
    async (request) => {
      const { clientId, db: scoped } = request.tenant;
      const end = await cancelClientSubscription(db, clientId);
      await db.updateTable('client').set({ client_subscription_end: end ?? new Date() }).where('client_id_pk', '=', clientId).execute();
      if (!end) await db.updateTable('client_license').set({ subscription_status: 'canceled' }).where('client_fk', '=', clientId).execute();
      await scoped.insertInto('license_event').values({ kind: 'cancel', actor_user_fk: principalOf(request).userId }).execute();
      return { message: clientId, subscriptionEnd: (end ?? new Date()).toISOString() };
    },
  );

  app.get(
    '/client/:clientUUID/installer/license',
    {
      schema: {
        summary: 'Lizenzstatus für den Installer lesen',
        description: 'Abo-Status, Modus und Wartezeit (sleepForMs: eine Stunde bei inaktiver Lizenz). Für admin, den Dienstleister des Kunden und Benutzer des Kunden.',
        response: { 200: installerLicenseSchema },
      },
    },
    async (request) => {
      const { clientId } = request.tenant;
      const license = await db.selectFrom('client_license').select(['subscription_status', 'mode']).where('client_fk', '=', clientId).executeTakeFirstOrThrow();
      const client = await db.selectFrom('client').select('client_mode').where('client_id_pk', '=', clientId).executeTakeFirstOrThrow();
      return {
        subscriptionStatus: license.subscription_status,
        mode: client.client_mode,
        sleepForMs: license.subscription_status === 'active' ? 0 : INSTALLER_SLEEP_WHEN_INACTIVE_MS,
      };
    },
  );

  app.post(
    '/client/:clientUUID/employeeCount',
    {
      config: { apiTokenScope: 'clients:manage' },
      schema: {
        summary: 'Mitarbeiterzahl des Kunden ändern',
        description: 'Passt Lizenz und Abonnement an und antwortet mit dem neuen Preis. Für admin, den Dienstleister des Kunden und Benutzer des Kunden.',
        body: employeeCountBodySchema,
        response: { 200: employeeCountAnswerSchema },
      },
    },
    async (request) => {
      const { clientId, db: scoped } = request.tenant;
      const { employeeCount } = request.body;
      const client = await db.selectFrom('client').select('client_billing_cycle').where('client_id_pk', '=', clientId).executeTakeFirstOrThrow();
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('client_license').set({ employee_count: employeeCount }).where('client_fk', '=', clientId).execute();
        await trx.updateTable('client').set({ client_reported_employee_count: employeeCount }).where('client_id_pk', '=', clientId).execute();
      });
      await services.billing.changeSeats(clientId, employeeCount);
      await scoped.insertInto('license_event').values({ kind: 'employee-count', employee_count: employeeCount, actor_user_fk: principalOf(request).userId }).execute();
      return { employeeCount, billingCycle: client.client_billing_cycle, price: formatPrice(priceFor(employeeCount, client.client_billing_cycle)) };
    },
  );

  app.get(
    '/client/:clientUUID/contact',
    {
      config: { apiTokenScope: 'clients:manage' },
      schema: {
        summary: 'Kontakt des Kunden lesen',
        description: 'Admin-E-Mail und Notfallkontakt. Für admin, den Dienstleister des Kunden und Benutzer des Kunden.',
        response: { 200: contactSchema },
      },
    },
    async (request) =>
      db
        .selectFrom('client')
        .select(['client_admin_email', 'client_emergency_contact_name', 'client_emergency_contact_phone'])
        .where('client_id_pk', '=', request.tenant.clientId)
        .executeTakeFirstOrThrow(),
  );

  app.post(
    '/client/:clientUUID/contact',
    {
      config: { apiTokenScope: 'clients:manage' },
      schema: {
        summary: 'Kontakt des Kunden ändern',
        description: 'Leere Felder löschen den gespeicherten Wert. Für admin, den Dienstleister des Kunden und Benutzer des Kunden.',
        body: contactBodySchema,
        response: { 200: contactSchema },
      },
    },
    async (request) =>
      db
        .updateTable('client')
        .set({
          client_admin_email: request.body.email || null,
          client_emergency_contact_name: request.body.name || null,
          client_emergency_contact_phone: request.body.phone || null,
        })
        .where('client_id_pk', '=', request.tenant.clientId)
        .returning(['client_admin_email', 'client_emergency_contact_name', 'client_emergency_contact_phone'])
        .executeTakeFirstOrThrow(),
  );
}
