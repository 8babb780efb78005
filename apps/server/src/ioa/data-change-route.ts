import { requireServiceKey } from '../auth/service-key';
import type { ApiApp } from '../http/api-app';
import type { Services } from '../services';
import { dataChangeAnswerSchema, dataChangeEventSchema } from './data-change-schema';
import { handleDataChange } from './data-change-service';

/**
 * POST /services/ioe/data-change (service key): a database change event (SPEC §3) to (re-)evaluate. Outside the
 * tenant scopes: the caller is a service, not a user, and the client comes in the body (checked by the handler).
 */
export function registerDataChangeRoute(app: ApiApp, services: Services): void {
  app.post(
    '/services/ioe/data-change',
    {
      onRequest: requireServiceKey(services.config),
      config: { openapiSecurity: [{ serviceKey: [] }] },
      schema: {
        summary: 'Datenänderung auswerten (Dienst)',
        description: 'Ereignis einer geschriebenen Änderungszeile (SPEC §3): speichert eine unbekannte Änderung, prüft sie auf Angriffe und wertet bei is_ioe die Prüfungen neu aus. Nur mit dem Dienstschlüssel (SERVICE_API_KEY).',
        body: dataChangeEventSchema,
        response: { 200: dataChangeAnswerSchema },
      },
    },
    async (request) => ({ message: request.body.id, ...(await handleDataChange(services, request.body)) }),
  );
}
