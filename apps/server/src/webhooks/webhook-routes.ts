import { messageSchema, noBodySchema, webhookBodySchema, webhookCreatedSchema, webhookDeliverySchema, webhookParamsSchema, webhookSchema } from '@burgwall/shared';
import { z } from 'zod';
import { principalOf } from '../auth/principal';
import type { ApiApp } from '../http/api-app';
import { forbidden, notFound } from '../http/problem';
import { MAIL_SENDING_LIMIT } from '../http/rate-limit/limits';
import type { Services } from '../services';
import { deliverWebhook, enqueueWebhookDelivery, recordWebhookDelivery } from './webhook-delivery';
import { createWebhook, deleteWebhook, listDeliveries, listWebhooks, ownWebhook, type WebhookInput } from './webhook-store';

const WEBHOOK_NOT_FOUND = 'Der Webhook wurde nicht gefunden.';

async function createAndShow(services: Services, providerId: string, input: WebhookInput) {
  const { id, secret } = await createWebhook(services.db, services.secrets, services.outgoing, providerId, input);
  const created = (await listWebhooks(services.db, providerId)).find((webhook) => webhook.id === id);
  return { ...(created as NonNullable<typeof created>), secret };
}

/** Webhooks of a provider (provider scope): Teams, Slack or generic JSON, signed, with delivery log and test. */
export function registerWebhookRoutes(app: ApiApp, services: Services): void {
  const { db } = services;

  app.get(
    '/serviceprovider/:serviceproviderUUID/webhooks',
    { schema: { summary: 'Webhooks auflisten', description: 'Mit dem Ergebnis der letzten Zustellung. Für admin und Benutzer des Dienstleisters.', response: { 200: z.array(webhookSchema) } } },
    async (request) => listWebhooks(db, request.provider.providerId),
  );

  app.post(
    '/serviceprovider/:serviceproviderUUID/webhooks',
    {
      schema: {
        summary: 'Webhook anlegen',
        description: 'Microsoft Teams (Adaptive Card), Slack oder JSON. Die Antwort enthält einmalig den HMAC-Schlüssel der Signatur (Header x-burgwall-signature). Interne Adressen werden abgelehnt. Für admin und Benutzer des Dienstleisters.',
        body: webhookBodySchema,
        response: { 201: webhookCreatedSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await createAndShow(services, request.provider.providerId, request.body)),
  );

  app.delete(
    '/serviceprovider/:serviceproviderUUID/webhooks/:webhookId',
    { schema: { summary: 'Webhook löschen', description: 'Entfernt ihn auch aus allen Alarmregeln. Für admin und Benutzer des Dienstleisters.', params: webhookParamsSchema, response: { 200: messageSchema } } },
    async (request) => {
      if (!(await deleteWebhook(db, request.provider.providerId, request.params.webhookId))) throw notFound(WEBHOOK_NOT_FOUND);
      return { message: 'Der Webhook wurde gelöscht.' };
    },
  );

  app.post(
    '/serviceprovider/:serviceproviderUUID/webhooks/:webhookId/test',
    {
      config: { rateLimit: MAIL_SENDING_LIMIT },
      schema: {
        summary: 'Test-Nachricht an einen Webhook senden',
        description: 'Sendet sofort eine signierte Test-Nachricht und antwortet mit dem Ergebnis (auch im Zustellprotokoll). Für admin und Benutzer des Dienstleisters.',
        params: webhookParamsSchema,
        body: noBodySchema,
        response: { 200: webhookDeliverySchema },
      },
    },
    async (request) => {
      const webhook = await ownWebhook(db, request.provider.providerId, request.params.webhookId);
      if (!webhook) throw notFound(WEBHOOK_NOT_FOUND);
      const now = new Date().toISOString();
      const event = {
        event: 'test' as const,
        ruleName: null,
        items: [
          {
            trigger: 'finding' as const,
            severity: 'info' as const,
            title: 'Test-Nachricht',
            detail: `Der Webhook „${webhook.name}“ ist richtig eingerichtet.`,
            clientId: '00000000-0000-0000-0000-000000000000',
            clientName: 'Beispielkunde',
            occurredAt: now,
            link: `${services.config.PUBLIC_URL ?? ''}/provider/${request.provider.providerId}/settings?tab=alerts`,
          },
        ],
      };
      // Recorded like every delivery and sent right away, so the answer shows the result; only a failed test goes to
      // the retry job (queued after the attempt, so the job never sends it a second time alongside).
      const deliveryId = await recordWebhookDelivery(db, webhook.webhook_id_pk, event);
      await deliverWebhook(services, deliveryId).catch(() => enqueueWebhookDelivery(services.jobs, deliveryId));
      const delivery = (await listDeliveries(db, webhook.webhook_id_pk)).find((entry) => entry.id === deliveryId);
      return delivery as NonNullable<typeof delivery>;
    },
  );

  app.get(
    '/serviceprovider/:serviceproviderUUID/webhooks/:webhookId/deliveries',
    {
      schema: {
        summary: 'Zustellprotokoll eines Webhooks',
        description: 'Die letzten 50 Zustellungen mit Status, Versuchen und dem Anfang der letzten Antwort. Für admin und Benutzer des Dienstleisters.',
        params: webhookParamsSchema,
        response: { 200: z.array(webhookDeliverySchema) },
      },
    },
    async (request) => {
      const webhook = await ownWebhook(db, request.provider.providerId, request.params.webhookId);
      if (!webhook) throw notFound(WEBHOOK_NOT_FOUND);
      return listDeliveries(db, webhook.webhook_id_pk);
    },
  );
}

/** POST /user/webhook (SPEC §7, user scope): a webhook for the signed-in user's own service provider. */
export function registerUserWebhookRoute(app: ApiApp, services: Services): void {
  app.post(
    '/user/webhook',
    {
      schema: {
        summary: 'Webhook für den eigenen Dienstleister anlegen',
        description: 'Wie POST /serviceprovider/{serviceproviderUUID}/webhooks für den Dienstleister des angemeldeten Benutzers. Nur Rolle serviceprovider.',
        body: webhookBodySchema,
        response: { 201: webhookCreatedSchema },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      if (principal.role !== 'serviceprovider' || !principal.orgId) throw forbidden('Webhooks können nur Benutzer eines Dienstleisters anlegen.');
      return reply.code(201).send(await createAndShow(services, principal.orgId, request.body));
    },
  );
}
