/** Alert rules, webhooks and the unsubscribe link (issue 18). */
import { z } from 'zod';

export const ALERT_TRIGGERS = ['finding', 'score', 'ioa', 'collector', 'license'] as const;
export type AlertTrigger = (typeof ALERT_TRIGGERS)[number];

/** German names of the triggers, as the settings screen and the mails show them. */
export const ALERT_TRIGGER_LABELS: Record<AlertTrigger, string> = {
  finding: 'Neues Risiko (IoE)',
  score: 'Sicherheitswert gesunken',
  ioa: 'Neuer Angriffsindikator (IoA)',
  collector: 'Datensammlung gestört',
  license: 'Lizenz- oder Platzproblem',
};

export const ALERT_SEVERITIES = ['critical', 'high', 'medium', 'low', 'info'] as const;
export type AlertSeverity = (typeof ALERT_SEVERITIES)[number];
export const ALERT_SEVERITY_LABELS: Record<AlertSeverity, string> = {
  critical: 'Kritisch',
  high: 'Hoch',
  medium: 'Mittel',
  low: 'Niedrig',
  info: 'Info',
};

export const ALERT_DELIVERIES = ['immediate', 'digest'] as const;
export const WEBHOOK_KINDS = ['json', 'teams', 'slack'] as const;
export type WebhookKind = (typeof WEBHOOK_KINDS)[number];
export const WEBHOOK_KIND_LABELS: Record<WebhookKind, string> = { json: 'JSON (allgemein)', teams: 'Microsoft Teams', slack: 'Slack' };

/** Name of the signature header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` (docs/webhooks.md). */
export const WEBHOOK_SIGNATURE_HEADER = 'x-burgwall-signature';

export const alertRuleBodySchema = z
  .object({
    name: z.string().trim().min(1).max(100),
    clientId: z.uuid().nullable().default(null).describe('Nur dieser Kunde; null = alle Kunden des Dienstleisters'),
    trigger: z.enum(ALERT_TRIGGERS),
    minSeverity: z.enum(ALERT_SEVERITIES).nullable().default(null),
    scoreDrop: z.number().int().min(1).max(100).nullable().default(null),
    belowGrade: z.enum(['A', 'B', 'C', 'D']).nullable().default(null),
    delivery: z.enum(ALERT_DELIVERIES).default('immediate'),
    recipientUserIds: z.array(z.uuid()).max(50).default([]),
    webhookIds: z.array(z.uuid()).max(20).default([]),
  })
  .superRefine((rule, ctx) => {
    if ((rule.trigger === 'finding' || rule.trigger === 'ioa') && !rule.minSeverity) {
      ctx.addIssue({ code: 'custom', path: ['minSeverity'], message: 'Bitte wählen Sie den Schweregrad, ab dem benachrichtigt wird.' });
    }
    if (rule.trigger === 'score' && !rule.scoreDrop && !rule.belowGrade) {
      ctx.addIssue({ code: 'custom', path: ['scoreDrop'], message: 'Bitte geben Sie einen Rückgang in Punkten oder eine Mindestnote an.' });
    }
    if (rule.recipientUserIds.length === 0 && rule.webhookIds.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['recipientUserIds'], message: 'Bitte wählen Sie mindestens einen Empfänger oder Webhook.' });
    }
  });
export type AlertRuleBody = z.input<typeof alertRuleBodySchema>;

export const alertRuleSchema = z.object({
  id: z.string(),
  name: z.string(),
  clientId: z.string().nullable(),
  clientName: z.string().nullable(),
  trigger: z.enum(ALERT_TRIGGERS),
  minSeverity: z.enum(ALERT_SEVERITIES).nullable(),
  scoreDrop: z.number().nullable(),
  belowGrade: z.string().nullable(),
  delivery: z.enum(ALERT_DELIVERIES),
  recipientUserIds: z.array(z.string()),
  webhookIds: z.array(z.string()),
  createdAt: z.string(),
});
export type AlertRule = z.infer<typeof alertRuleSchema>;

/** Who may receive a provider's alerts: its team and the users of its clients. */
export const alertRecipientSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  clientId: z.string().nullable(),
  clientName: z.string().nullable(),
  alertsEnabled: z.boolean(),
});
export type AlertRecipient = z.infer<typeof alertRecipientSchema>;

export const alertRuleParamsSchema = z.object({ serviceproviderUUID: z.string(), ruleId: z.uuid() });

export const webhookBodySchema = z.object({
  name: z.string().trim().min(1).max(100),
  kind: z.enum(WEBHOOK_KINDS),
  url: z
    .url({ protocol: /^https?$/, error: 'Bitte eine vollständige URL angeben (https://…).' })
    .max(2000),
});
export type WebhookBody = z.input<typeof webhookBodySchema>;

export const webhookSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(WEBHOOK_KINDS),
  url: z.string(),
  createdAt: z.string(),
  lastDelivery: z
    .object({ status: z.enum(['pending', 'delivered', 'failed']), lastStatusCode: z.number().nullable(), updatedAt: z.string() })
    .nullable(),
});
export type Webhook = z.infer<typeof webhookSchema>;

/** The answer to creating a webhook: the only time the signing secret is shown. */
export const webhookCreatedSchema = webhookSchema.extend({ secret: z.string().describe('HMAC-Schlüssel; wird nur jetzt angezeigt') });
export type WebhookCreated = z.infer<typeof webhookCreatedSchema>;

export const webhookParamsSchema = z.object({ serviceproviderUUID: z.string(), webhookId: z.uuid() });

export const webhookDeliverySchema = z.object({
  id: z.string(),
  event: z.string(),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number(),
  lastStatusCode: z.number().nullable(),
  lastResponse: z.string().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/** GET /user/email-subscription/update: the signed token of the mail's link. */
export const emailSubscriptionQuerySchema = z.object({
  token: z.string().regex(/^[0-9a-f-]{36}(~[0-9a-f-]{36})?\.[A-Za-z0-9_-]{43}$/, 'Der Abmeldelink ist unvollständig. Bitte verwenden Sie den ganzen Link aus der E-Mail.'),
});
