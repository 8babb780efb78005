import { collectorActivationSchema, collectorLicenseBodySchema, collectorLicenseSchema, noBodySchema } from '@burgwall/shared';
import type { FastifyRequest } from 'fastify';
import type { ApiApp } from '../http/api-app';
import { conflict, notFound, unauthorized } from '../http/problem';
import type { Services } from '../services';
import { activateKey, bindMachine, licenseOf } from './license-service';

const NO_LICENSE = 'Für diesen Kunden ist keine Lizenz hinterlegt. Bitte wenden Sie sich an Ihren IT-Dienstleister.';

/** The id of the collector key the scope guard authenticated (routes with `auth: 'collector-key'`). */
function keyIdOf(request: FastifyRequest): string {
  const key = request.tenant.collectorKey;
  if (!key) throw unauthorized('Der Collector-Schlüssel fehlt (Kopfzeile Authorization: ApiKey …).');
  return key.keyId;
}

/**
 * POST /client/{clientUUID}/collector/license/activate -> {subscriptionStatus, mode, sleepForMs}
 * POST /client/{clientUUID}/collector/license {machineCode} -> the SPEC §3 licence response.
 */
export function registerLicenseRoutes(app: ApiApp, services: Services): void {
  app.post(
    '/client/:clientUUID/collector/license/activate',
    {
      config: { auth: 'collector-key' },
      schema: {
        summary: 'Collector-Schlüssel aktivieren (Collector)',
        description: 'Markiert den Schlüssel als aktiv und antwortet mit Abo-Status, Modus und Wartezeit. Nur der Collector mit dem Schlüssel des Kunden (Authorization: ApiKey …). Ohne Body.',
        body: noBodySchema,
        response: { 200: collectorActivationSchema },
      },
    },
    async (request) => {
      const license = await licenseOf(services.db, request.tenant.clientId);
      if (!license) throw notFound(NO_LICENSE);
      await activateKey(services.db, keyIdOf(request));
      return { subscriptionStatus: license.subscriptionStatus, mode: license.mode, sleepForMs: license.sleepForMs };
    },
  );

  app.post(
    '/client/:clientUUID/collector/license',
    {
      config: { auth: 'collector-key' },
      schema: {
        summary: 'Lizenz abrufen und Rechner binden (Collector)',
        description: 'Bindet den Schlüssel an den Rechner (machineCode) und antwortet mit der Lizenz (SPEC §3); läuft der Schlüssel schon auf einem anderen Rechner, antwortet 409. Nur der Collector mit dem Schlüssel des Kunden (Authorization: ApiKey …).',
        body: collectorLicenseBodySchema,
        response: { 200: collectorLicenseSchema },
      },
    },
    async (request) => {
      const license = await licenseOf(services.db, request.tenant.clientId);
      if (!license) throw notFound(NO_LICENSE);
      const bound = await bindMachine(services.db, keyIdOf(request), request.body.machineCode);
      if (bound === 'other-machine') {
        throw conflict(
          'Dieser Collector-Schlüssel wird bereits auf einem anderen Rechner verwendet. Laden Sie für diesen Rechner ein eigenes Installationspaket herunter.',
          'collector-key-in-use',
        );
      }
      return license;
    },
  );
}
