/** Admins manage the licences of self-hosted installations (`/admin/selfhosted`, admin scope). */
import {
  createSelfhostedLicenseAnswerSchema,
  createSelfhostedLicenseBodySchema,
  selfhostedLicenseListSchema,
  selfhostedLicenseSchema,
  selfhostedParamsSchema,
  updateSelfhostedLicenseBodySchema,
} from '@burgwall/shared';
import type { ApiApp } from '../http/api-app';
import { badRequest, notFound } from '../http/problem';
import type { Services } from '../services';
import { refuseOnSelfhosted } from './issues-licences';
import { createSelfhostedLicense, listSelfhostedLicenses, updateSelfhostedLicense } from './saas-license-store';

export function registerAdminSelfhostedRoutes(app: ApiApp, services: Services): void {
  const { db } = services;
  const onRequest = refuseOnSelfhosted(services.config);

  app.get(
    '/admin/selfhosted',
    {
      onRequest,
      schema: {
        summary: 'Self-hosted-Lizenzen auflisten',
        description: 'Alle Lizenzen mit letztem Heartbeat, gemeldeter Version und Zahlen. Nur Rolle admin.',
        response: { 200: selfhostedLicenseListSchema },
      },
    },
    async () => listSelfhostedLicenses(db),
  );

  app.post(
    '/admin/selfhosted',
    {
      onRequest,
      schema: {
        summary: 'Self-hosted-Lizenz anlegen',
        description: 'Legt eine Lizenz an; die Antwort enthält den Lizenzschlüssel im Klartext – nur dieses eine Mal. Nur Rolle admin.',
        body: createSelfhostedLicenseBodySchema,
        response: { 201: createSelfhostedLicenseAnswerSchema },
      },
    },
    async (request, reply) => {
      const created = await createSelfhostedLicense(db, request.body);
      return reply.code(201).send(created);
    },
  );

  app.put(
    '/admin/selfhosted/:selfhostedUUID',
    {
      onRequest,
      schema: {
        summary: 'Self-hosted-Lizenz ändern',
        description: 'Plätze, Laufzeitende und Status (active, suspended, canceled). Nur Rolle admin.',
        params: selfhostedParamsSchema,
        body: updateSelfhostedLicenseBodySchema,
        response: { 200: selfhostedLicenseSchema },
      },
    },
    async (request) => {
      const updated = await updateSelfhostedLicense(db, request.params.selfhostedUUID.toLowerCase(), request.body);
      if (updated === 'end-before-start') throw badRequest('Das Ende der Laufzeit muss nach ihrem Beginn liegen.');
      if (!updated) throw notFound('Diese Self-hosted-Lizenz gibt es nicht.');
      return updated;
    },
  );
}
