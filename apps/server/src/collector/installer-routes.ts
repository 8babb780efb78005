import { quickcheckInstallerQuerySchema } from '@burgwall/shared';
import type { FastifyReply } from 'fastify';
import type { ApiApp } from '../http/api-app';
import { fileResponse } from '../http/file-response';
import { notFound } from '../http/problem';
import { publicUrl, type Services } from '../services';
import { buildInstaller } from './build-installer';

const INSTALLER_RESPONSE = fileResponse('application/zip', 'Installationspaket des Collectors mit vorausgefüllter Konfiguration und einem neuen Collector-Schlüssel');

async function sendInstaller(services: Services, clientId: string, reply: FastifyReply, issuedByUserId: string | null) {
  const installer = await buildInstaller(services.db, publicUrl(services.config), clientId, issuedByUserId);
  if (!installer) throw notFound('Der Kunde wurde nicht gefunden.');
  return reply
    .type('application/zip')
    .header('content-disposition', `attachment; filename="${installer.fileName}"`)
    .header('cache-control', 'no-store')
    .send(installer.zip);
}

/** GET /client/{id}/collector/installer and /client/{id}/quickcheck/collector/installer (SPEC §7). */
export function registerInstallerRoutes(app: ApiApp, services: Services): void {
  app.get(
    '/client/:clientUUID/collector/installer',
    {
      schema: {
        summary: 'Installationspaket des Collectors herunterladen',
        description: 'ZIP mit vorausgefüllter Konfiguration und einem neuen Collector-Schlüssel. Für admin, den Dienstleister des Kunden und Benutzer des Kunden.',
        response: { 200: INSTALLER_RESPONSE },
      },
    },
    async (request, reply) => sendInstaller(services, request.tenant.clientId, reply, request.tenant.principal?.userId ?? null),
  );

  /**
   * Signed-in users as usual; the prospect without an account brings the token of its mailed link instead (the
   * scope guard checks it; a token of another client answers 404 like an unknown client).
   */
  app.get(
    '/client/:clientUUID/quickcheck/collector/installer',
    {
      config: { auth: 'quickcheck-link-or-user' },
      schema: {
        summary: 'Installationspaket für den Quickcheck herunterladen',
        description: 'Für angemeldete Benutzer mit Zugriff auf den Kunden oder ohne Konto mit dem Token aus dem Link der Einladungs-E-Mail (?token=). Nur für Quickcheck-Kunden, sonst 404.',
        querystring: quickcheckInstallerQuerySchema,
        response: { 200: INSTALLER_RESPONSE },
      },
    },
    async (request, reply) => {
      const { clientId } = request.tenant;
      const client = await services.db.selectFrom('client').select('client_mode').where('client_id_pk', '=', clientId).executeTakeFirstOrThrow();
      if (client.client_mode !== 'quickcheck') {
        throw notFound('Dieser Kunde ist kein Quickcheck-Kunde. Laden Sie den Collector über den normalen Installer herunter.');
      }
      // The prospect without an account (link token) has no user id.
      return sendInstaller(services, clientId, reply, request.tenant.principal?.userId ?? null);
    },
  );
}
