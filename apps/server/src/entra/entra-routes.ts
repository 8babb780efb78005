import { entraConnectionSchema, entraDataAnswerSchema, entraDataBodySchema, entraValidationSchema } from '@burgwall/shared';
import type { ApiApp } from '../http/api-app';
import { fileResponse } from '../http/file-response';
import type { Services } from '../services';
import { ensureCertificate, loadEntraConnection, loadCredentials, recordValidation, saveEntraData } from './entra-store';
import { enqueueEntraCollection } from './entra-collection-job';
import { entraEndpoints, fetchGraphToken } from './entra-token';

/** Cloud identity connection of a client (SPEC §7 "Contact and cloud identity"), in the client scope. */
export function registerEntraRoutes(app: ApiApp, services: Services): void {
  const { db, secrets } = services;

  app.get(
    '/client/:clientUUID/entra/data',
    {
      schema: {
        summary: 'Entra-ID-Verbindung lesen',
        description: 'Mandant, Anwendung und Ergebnis der letzten Prüfung (ohne Geheimnisse). Für admin, den Dienstleister des Kunden und Benutzer des Kunden.',
        response: { 200: entraConnectionSchema },
      },
    },
    async (request) => loadEntraConnection(db, request.tenant.clientId),
  );

  app.post(
    '/client/:clientUUID/entra/data',
    {
      schema: {
        summary: 'Entra-ID-Verbindung speichern',
        description: 'Geheimnisse werden verschlüsselt gespeichert. Für admin, den Dienstleister des Kunden und Benutzer des Kunden.',
        body: entraDataBodySchema,
        response: { 200: entraDataAnswerSchema },
      },
    },
    async (request) => {
      const { clientId } = request.tenant;
      await saveEntraData(db, secrets, clientId, request.body);
      return { message: 'Die Entra-ID-Verbindung wurde gespeichert.', data: await loadEntraConnection(db, clientId) };
    },
  );

  app.get(
    '/client/:clientUUID/entra/certificate/public',
    {
      schema: {
        summary: 'Öffentliches Zertifikat für Entra ID herunterladen',
        description: 'PEM-Zertifikat für die App-Registrierung; beim ersten Abruf wird es erzeugt. Für admin, den Dienstleister des Kunden und Benutzer des Kunden.',
        response: { 200: fileResponse('application/x-x509-ca-cert', 'Öffentliches Zertifikat (PEM) für die App-Registrierung in Entra ID') },
      },
    },
    async (request, reply) => {
      const { clientId } = request.tenant;
      const pem = await ensureCertificate(db, secrets, clientId);
      return reply
        .header('content-type', 'application/x-x509-ca-cert')
        .header('content-disposition', `attachment; filename="burgwall-entra-${clientId}.cer"`)
        .send(pem);
    },
  );

  app.get(
    '/client/:clientUUID/entra/validate',
    {
      schema: {
        summary: 'Entra-ID-Verbindung prüfen',
        description: 'Holt probeweise ein Zugriffstoken und speichert das Ergebnis (valid oder invalid). Für admin, den Dienstleister des Kunden und Benutzer des Kunden.',
        response: { 200: entraValidationSchema },
      },
    },
    async (request) => {
      const { clientId } = request.tenant;
      const loaded = await loadCredentials(db, secrets, clientId);
      if (!loaded.ok) return { status: 'invalid' as const, message: loaded.message };
      const token = await fetchGraphToken(loaded.credentials, entraEndpoints(services));
      const result = token.ok
        ? { status: 'valid' as const, message: 'Die Verbindung zu Entra ID funktioniert: Burgwall hat ein Zugriffstoken erhalten.' }
        : { status: 'invalid' as const, message: token.message };
      await recordValidation(db, clientId, result.status, result.message);
      // A working connection is collected at once (a job: the answer does not wait for Graph).
      if (result.status === 'valid') await enqueueEntraCollection(services.jobs, clientId);
      return result;
    },
  );
}
