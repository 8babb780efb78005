/** Client side of the provider's integrations (issue 18): alert rules, webhooks, the SIEM feed and scheduled reports. */
import type {
  AlertRecipient,
  AlertRule,
  AlertRuleBody,
  ClientCard,
  MessageAnswer,
  ReportSchedule,
  ReportScheduleBody,
  SiemDelivery,
  SiemDestinationBody,
  SiemSettings,
  Webhook,
  WebhookBody,
  WebhookCreated,
  WebhookDelivery,
} from '@burgwall/shared';
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

export const getSiemSettings = (serviceproviderUUID: string) =>
  apiCall<SiemSettings>('getSiemSettings', { path: '/serviceprovider/{serviceproviderUUID}/siem', required: { serviceproviderUUID } });

export const saveSiemDestination = (serviceproviderUUID: string, body: SiemDestinationBody) =>
  apiCall<SiemSettings>('saveSiemDestination', { method: 'PUT', path: '/serviceprovider/{serviceproviderUUID}/siem', required: { serviceproviderUUID }, body });

export const deleteSiemDestination = (serviceproviderUUID: string) =>
  apiCall<MessageAnswer>('deleteSiemDestination', { method: 'DELETE', path: '/serviceprovider/{serviceproviderUUID}/siem', required: { serviceproviderUUID } });

export const testSiemDestination = (serviceproviderUUID: string) =>
  apiCall<SiemDelivery>('testSiemDestination', { method: 'POST', path: '/serviceprovider/{serviceproviderUUID}/siem/test', required: { serviceproviderUUID }, body: {} });

export const listReportSchedules = (serviceproviderUUID: string) =>
  apiCall<ReportSchedule[]>('listReportSchedules', { path: '/serviceprovider/{serviceproviderUUID}/report-schedules', required: { serviceproviderUUID } });

export const saveReportSchedule = (serviceproviderUUID: string, body: ReportScheduleBody) =>
  apiCall<ReportSchedule>('saveReportSchedule', { method: 'POST', path: '/serviceprovider/{serviceproviderUUID}/report-schedules', required: { serviceproviderUUID }, body });

export const deleteReportSchedule = (serviceproviderUUID: string, scheduleId: string) =>
  apiCall<MessageAnswer>('deleteReportSchedule', {
    method: 'DELETE',
    path: '/serviceprovider/{serviceproviderUUID}/report-schedules/{scheduleId}',
    required: { serviceproviderUUID, scheduleId },
  });
