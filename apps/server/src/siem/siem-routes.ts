import { messageSchema, noBodySchema, siemDeliverySchema, siemDestinationBodySchema, siemSettingsSchema } from '@burgwall/shared';
import type { ApiApp } from '../http/api-app';
import { conflict, notFound } from '../http/problem';
import { MAIL_SENDING_LIMIT } from '../http/rate-limit/limits';
import type { Services } from '../services';
import { deliverSiem, enqueueSiemDelivery, recordSiemDelivery } from './siem-delivery';
import { deleteSiemDestination, findDelivery, loadSiemDestination, saveSiemDestination } from './siem-store';

const NO_DESTINATION = 'Es ist noch kein Syslog-Server eingerichtet.';

/** The provider's SIEM feed (provider scope): syslog destination, test message and the last delivery result. */
export function registerSiemRoutes(app: ApiApp, services: Services): void {
  const { db } = services;

  app.get(
    '/serviceprovider/:serviceproviderUUID/siem',
    { schema: { summary: 'SIEM-/Syslog-Ziel lesen', description: 'Mit dem Ergebnis der letzten Zustellung; destination ist null, solange keins eingerichtet ist. Für admin und Benutzer des Dienstleisters.', response: { 200: siemSettingsSchema } } },
    async (request) => ({ destination: await loadSiemDestination(db, request.provider.providerId) }),
  );

  app.put(
    '/serviceprovider/:serviceproviderUUID/siem',
    {
      schema: {
        summary: 'SIEM-/Syslog-Ziel speichern',
        description:
          'IoA-Ereignisse und neue kritische Risiken aller Kunden gehen als Syslog-Nachricht (RFC 5424, Octet-Counting nach RFC 6587) über TCP oder TLS an diesen Server, als CEF oder JSON. Interne Adressen werden abgelehnt. Für admin und Benutzer des Dienstleisters.',
        body: siemDestinationBodySchema,
        response: { 200: siemSettingsSchema },
      },
    },
    async (request) => {
      await saveSiemDestination(db, services.outgoing, request.provider.providerId, request.body);
      return { destination: await loadSiemDestination(db, request.provider.providerId) };
    },
  );

  app.delete(
    '/serviceprovider/:serviceproviderUUID/siem',
    { schema: { summary: 'SIEM-/Syslog-Ziel entfernen', description: 'Danach wird nichts mehr gesendet. Für admin und Benutzer des Dienstleisters.', response: { 200: messageSchema } } },
    async (request) => {
      if (!(await deleteSiemDestination(db, request.provider.providerId))) throw notFound(NO_DESTINATION);
      return { message: 'Der Syslog-Server wurde entfernt.' };
    },
  );

  app.post(
    '/serviceprovider/:serviceproviderUUID/siem/test',
    {
      config: { rateLimit: MAIL_SENDING_LIMIT },
      schema: {
        summary: 'Testnachricht an den Syslog-Server senden',
        description: 'Sendet sofort eine Testnachricht im eingestellten Format und antwortet mit dem Ergebnis. Für admin und Benutzer des Dienstleisters.',
        body: noBodySchema,
        response: { 200: siemDeliverySchema },
      },
    },
    async (request) => {
      const providerId = request.provider.providerId;
      if (!(await loadSiemDestination(db, providerId))) throw conflict(NO_DESTINATION);
      const deliveryId = await recordSiemDelivery(db, providerId, {
        event: 'test',
        item: {
          trigger: 'ioa',
          severity: 'info',
          title: 'Testnachricht',
          detail: 'Der Syslog-Empfang von Burgwall ist richtig eingerichtet.',
          clientId: '00000000-0000-0000-0000-000000000000',
          clientName: 'Beispielkunde',
          occurredAt: new Date().toISOString(),
          link: `${services.config.PUBLIC_URL ?? ''}/provider/${providerId}/settings?tab=alerts`,
        },
      });
      // Sent right away so the answer shows the result; only a failed test goes to the retry job afterwards.
      await deliverSiem(services, deliveryId, { uniformFailureTime: true }).catch(() => enqueueSiemDelivery(services.jobs, deliveryId));
      return (await findDelivery(db, providerId, deliveryId)) as NonNullable<Awaited<ReturnType<typeof findDelivery>>>;
    },
  );
}
