import {
  collectorExecutablesSchema,
  collectorVersionUpdateAnswerSchema,
  collectorVersionUpdateBodySchema,
  mailerBodySchema,
  mailSentSchema,
  supportTicketAnswerSchema,
  supportTicketBodySchema,
} from '@burgwall/shared';
import type { FastifyRequest } from 'fastify';
import { principalOf } from '../auth/principal';
import type { CollectorKeyRecord } from '../collector/collector-keys';
import { principalMaySeeClient } from '../auth/tenant-access';
import { versionStatus } from '../collector/collector-version';
import { isClientId } from '../db/client-schema';
import type { ApiApp } from '../http/api-app';
import { forbidden, notFound, ProblemError } from '../http/problem';
import { MailError } from '../mail/mailer';
import { publicUrl, type Services } from '../services';
import { collectorKeyOf } from '../tenancy/tenant-scope';
import { collectorExecutables } from './collector-executables';
import { renderTemplateMail } from './mail-templates';
import { ADMIN_OR_SERVICE_SECURITY, adminOrServiceKey } from './saas-auth';
import { submitTicket } from './support-ticket';

const CLIENT_NOT_FOUND = 'Der Kunde wurde nicht gefunden oder Sie haben keinen Zugriff auf ihn.';

/** POST /saas/services/ticket and GET /saas/services/executables (user scope: any signed-in user). */
export function registerSaasUserServiceRoutes(app: ApiApp, services: Services): void {
  const { db } = services;

  app.post(
    '/saas/services/ticket',
    {
      bodyLimit: 32 * 1024,
      schema: {
        summary: 'Support-Anfrage senden',
        description: 'Speichert die Anfrage und sendet sie an das Support-Postfach (SUPPORT_EMAIL, Antwort-an: der Absender). Für alle angemeldeten Benutzer; clientUUID muss ein Kunde sein, den der Benutzer sehen darf.',
        body: supportTicketBodySchema,
        response: { 201: supportTicketAnswerSchema },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const body = request.body;
      let clientId: string | null = null;
      let providerId: string | null = principal.role === 'serviceprovider' ? principal.orgId : null;
      if (body.clientUUID) {
        const client = isClientId(body.clientUUID)
          ? await db.selectFrom('client').select(['client_id_pk', 'serviceprovider_fk']).where('client_id_pk', '=', body.clientUUID).executeTakeFirst()
          : undefined;
        if (!client || !principalMaySeeClient(principal, client)) throw notFound(CLIENT_NOT_FOUND);
        clientId = client.client_id_pk;
        providerId = client.serviceprovider_fk;
      } else if (principal.role === 'client' && principal.orgId) {
        const client = await db.selectFrom('client').select('serviceprovider_fk').where('client_id_pk', '=', principal.orgId).executeTakeFirst();
        clientId = client ? principal.orgId : null;
        providerId = client?.serviceprovider_fk ?? null;
      }
      const ticket = await submitTicket(
        { db, mailer: services.mailer, supportEmail: services.config.SUPPORT_EMAIL, log: (error) => request.log.warn({ err: error }, 'support ticket stored, mail to support failed') },
        principal,
        { category: body.category, subject: body.subject, message: body.message, clientId, providerId },
      );
      return reply.code(201).send({ message: ticket.ticketId, ticketNumber: ticket.ticketNumber, mailed: ticket.mailed });
    },
  );

  app.get(
    '/saas/services/executables',
    {
      schema: {
        summary: 'Collector-Builds und Versionen',
        description: 'Version und SHA-256 der Collector-Programme, die dieser Server in seinen Installationspaketen ausliefert, und die Download-Pfade. Für alle angemeldeten Benutzer.',
        response: { 200: collectorExecutablesSchema },
      },
    },
    async () => collectorExecutables(),
  );
}

/** POST /saas/services/mailer (admin or service key) and POST /saas/services/collector/version/update (collector key). */
export function registerSaasPublicServiceRoutes(app: ApiApp, services: Services): void {
  app.post(
    '/saas/services/mailer',
    {
      onRequest: adminOrServiceKey(services),
      config: { openapiSecurity: ADMIN_OR_SERVICE_SECURITY },
      schema: {
        summary: 'Vorlagen-E-Mail senden',
        description: 'Sendet eine der deutschen Vorlagen (willkommen, quickcheck-erinnerung, newsletter) mit den Platzhalterwerten an eine Adresse, über den Mailserver der Plattform. Nur admin oder mit dem Dienstschlüssel (SERVICE_API_KEY).',
        body: mailerBodySchema,
        response: { 200: mailSentSchema },
      },
    },
    async (request) => {
      const { email, template, values } = request.body;
      try {
        const result = await services.mailer.send(renderTemplateMail(template, { to: email, values, appUrl: publicUrl(services.config) }));
        return { delivered: result.delivered };
      } catch (error) {
        if (error instanceof MailError) throw new ProblemError(502, error.message);
        throw error;
      }
    },
  );

  // Checked before the body (onRequest), like the client scope's guard: no validation answers to callers without a key.
  const keys = new WeakMap<FastifyRequest, CollectorKeyRecord>();
  app.post(
    '/saas/services/collector/version/update',
    {
      onRequest: async (request) => {
        keys.set(request, await collectorKeyOf(services, request));
      },
      config: { openapiSecurity: [{ collectorKey: [] }] },
      schema: {
        summary: 'Collector-Version melden und nach Updates fragen (Collector)',
        description: 'Der Collector meldet seine Version; die Antwort nennt die neueste Version, ob ein Update ansteht, den Download-Pfad und SHA-256 der Programme. Nur mit einem Collector-Schlüssel (Authorization: ApiKey …); der Kunde ergibt sich aus dem Schlüssel.',
        body: collectorVersionUpdateBodySchema,
        response: { 200: collectorVersionUpdateAnswerSchema },
      },
    },
    async (request) => {
      const key = keys.get(request)!;
      if (request.body.clientUUID && request.body.clientUUID !== key.clientId) throw forbidden('Dieser Collector-Schlüssel gehört nicht zu diesem Kunden.');
      const { executables } = await collectorExecutables();
      return { ...versionStatus(request.body.currentVersion, key.clientId), executables };
    },
  );
}
