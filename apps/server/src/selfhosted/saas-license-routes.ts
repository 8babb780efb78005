/**
 * SPEC §7 `POST /saas/selfhosted/{selfhostedUUID}/heartbeat` and `…/validate`: called by self-hosted installations
 * (no user), authenticated by the installation's licence key (`Authorization: ApiKey bwl_…`). An unknown id and a
 * wrong key get the same German 401, so installation ids cannot be probed.
 */
import {
  selfhostedHeartbeatAnswerSchema,
  selfhostedHeartbeatBodySchema,
  selfhostedParamsSchema,
  selfhostedValidateAnswerSchema,
  selfhostedValidateBodySchema,
} from '@burgwall/shared';
import type { FastifyRequest } from 'fastify';
import type { Selectable } from 'kysely';
import type { SelfhostedLicenseTable } from '../db/schema';
import type { ApiApp } from '../http/api-app';
import { unauthorized } from '../http/problem';
import type { Services } from '../services';
import { keyFromAuthorization } from '../collector/collector-keys';
import { refuseOnSelfhosted } from './issues-licences';
import { authenticateInstallation, recordHeartbeat, recordValidation } from './saas-license-store';

export const SELFHOSTED_KEY_MISSING = 'Der Lizenzschlüssel fehlt (Kopfzeile Authorization: ApiKey …).';
export const SELFHOSTED_KEY_REFUSED = 'Diese Installation ist unbekannt oder der Lizenzschlüssel passt nicht zu ihr.';

const licenses = new WeakMap<FastifyRequest, Selectable<SelfhostedLicenseTable>>();

/** The raw path parameter: the key is checked before the route's schema validated the params. */
function installationIdOf(request: FastifyRequest): string {
  const value: unknown = Reflect.get(Object(request.params), 'selfhostedUUID');
  return typeof value === 'string' ? value : '';
}

export function registerSelfhostedSaasRoutes(app: ApiApp, services: Services): void {
  const { db } = services;
  const onlyOnSaas = refuseOnSelfhosted(services.config);
  const authenticate = async (request: FastifyRequest) => {
    await onlyOnSaas();
    const key = keyFromAuthorization(request.headers.authorization);
    if (!key) throw unauthorized(SELFHOSTED_KEY_MISSING);
    const license = await authenticateInstallation(db, installationIdOf(request), key);
    if (!license) throw unauthorized(SELFHOSTED_KEY_REFUSED);
    licenses.set(request, license);
  };
  const licenseOf = (request: FastifyRequest) => {
    const license = licenses.get(request);
    if (!license) throw unauthorized(SELFHOSTED_KEY_REFUSED);
    return license;
  };
  const config = { openapiSecurity: [{ selfhostedKey: [] }] };

  app.post(
    '/saas/selfhosted/:selfhostedUUID/heartbeat',
    {
      config,
      onRequest: authenticate,
      schema: {
        summary: 'Heartbeat einer Self-hosted-Installation',
        description: 'Die Installation meldet Version und Zahlen (Kunden, belegte Plätze, Benutzer). Schlüssel als Authorization: ApiKey bwl_…',
        params: selfhostedParamsSchema,
        body: selfhostedHeartbeatBodySchema,
        response: { 200: selfhostedHeartbeatAnswerSchema },
      },
    },
    async (request) => {
      const now = new Date();
      await recordHeartbeat(db, licenseOf(request).selfhosted_id_pk, request.body, now);
      return { received: true as const, serverTime: now.toISOString() };
    },
  );

  app.post(
    '/saas/selfhosted/:selfhostedUUID/validate',
    {
      config,
      onRequest: authenticate,
      schema: {
        summary: 'Lizenz einer Self-hosted-Installation prüfen',
        description: 'Antwortet mit Status, Plätzen und Laufzeitende der Lizenz. Schlüssel als Authorization: ApiKey bwl_…',
        params: selfhostedParamsSchema,
        body: selfhostedValidateBodySchema,
        response: { 200: selfhostedValidateAnswerSchema },
      },
    },
    async (request) => {
      const license = licenseOf(request);
      const now = new Date();
      await recordValidation(db, license.selfhosted_id_pk, request.body.version, now);
      return {
        selfhostedUUID: license.selfhosted_id_pk,
        name: license.name,
        status: license.status,
        seats: license.seats,
        periodStart: license.period_start.toISOString(),
        validUntil: license.period_end.toISOString(),
        serverTime: now.toISOString(),
      };
    },
  );
}
