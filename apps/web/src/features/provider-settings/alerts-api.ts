/** Client side of the alert-rule and webhook routes of a provider (issue 18). */
import type { AlertRecipient, AlertRule, AlertRuleBody, ClientCard, MessageAnswer, Webhook, WebhookBody, WebhookCreated, WebhookDelivery } from '@burgwall/shared';
import { apiCall } from '../../lib/api-client';

export const listAlertRules = (serviceproviderUUID: string) =>
  apiCall<AlertRule[]>('listAlertRules', { path: '/serviceprovider/{serviceproviderUUID}/alert-rules', required: { serviceproviderUUID } });

export const createAlertRule = (serviceproviderUUID: string, body: AlertRuleBody) =>
  apiCall<AlertRule>('createAlertRule', { method: 'POST', path: '/serviceprovider/{serviceproviderUUID}/alert-rules', required: { serviceproviderUUID }, body });

export const deleteAlertRule = (serviceproviderUUID: string, ruleId: string) =>
  apiCall<MessageAnswer>('deleteAlertRule', { method: 'DELETE', path: '/serviceprovider/{serviceproviderUUID}/alert-rules/{ruleId}', required: { serviceproviderUUID, ruleId } });

export const listAlertRecipients = (serviceproviderUUID: string) =>
  apiCall<AlertRecipient[]>('listAlertRecipients', { path: '/serviceprovider/{serviceproviderUUID}/alert-recipients', required: { serviceproviderUUID } });

export const listProviderClients = (serviceproviderUUID: string) =>
  apiCall<ClientCard[]>('getServiceproviderClients', { path: '/serviceprovider/{serviceproviderUUID}/clients', required: { serviceproviderUUID } });

export const listWebhooks = (serviceproviderUUID: string) =>
  apiCall<Webhook[]>('listWebhooks', { path: '/serviceprovider/{serviceproviderUUID}/webhooks', required: { serviceproviderUUID } });

export const createWebhook = (serviceproviderUUID: string, body: WebhookBody) =>
  apiCall<WebhookCreated>('createWebhook', { method: 'POST', path: '/serviceprovider/{serviceproviderUUID}/webhooks', required: { serviceproviderUUID }, body });

export const deleteWebhook = (serviceproviderUUID: string, webhookId: string) =>
  apiCall<MessageAnswer>('deleteWebhook', { method: 'DELETE', path: '/serviceprovider/{serviceproviderUUID}/webhooks/{webhookId}', required: { serviceproviderUUID, webhookId } });

export const testWebhook = (serviceproviderUUID: string, webhookId: string) =>
  apiCall<WebhookDelivery>('testWebhook', { method: 'POST', path: '/serviceprovider/{serviceproviderUUID}/webhooks/{webhookId}/test', required: { serviceproviderUUID, webhookId }, body: {} });

export const listWebhookDeliveries = (serviceproviderUUID: string, webhookId: string) =>
  apiCall<WebhookDelivery[]>('listWebhookDeliveries', {
    path: '/serviceprovider/{serviceproviderUUID}/webhooks/{webhookId}/deliveries',
    required: { serviceproviderUUID, webhookId },
  });
