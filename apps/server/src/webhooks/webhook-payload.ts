import { ALERT_SEVERITY_LABELS, ALERT_TRIGGER_LABELS, type WebhookKind } from '@burgwall/shared';
import type { AlertItem } from '../alerts/alert-item';

/** What a webhook delivery carries before it is shaped for Teams, Slack or generic JSON. */
export interface WebhookEvent {
  event: 'alert' | 'test';
  ruleName: string | null;
  items: AlertItem[];
}

const line = (item: AlertItem) => `[${ALERT_SEVERITY_LABELS[item.severity]}] ${item.clientName}: ${item.title} – ${item.detail}`;

function heading(event: WebhookEvent): string {
  if (event.event === 'test') return 'Test-Nachricht von Burgwall';
  return event.items.length === 1 ? `Burgwall-Alarm: ${event.ruleName ?? ''}` : `Burgwall: ${event.items.length} neue Alarme (${event.ruleName ?? ''})`;
}

/** Microsoft Teams (Workflows / incoming webhook): a message with one Adaptive Card 1.4. */
function teamsBody(event: WebhookEvent): object {
  return {
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.4',
          body: [
            { type: 'TextBlock', size: 'Medium', weight: 'Bolder', text: heading(event), wrap: true },
            ...event.items.map((item) => ({
              type: 'FactSet',
              facts: [
                { title: 'Kunde', value: item.clientName },
                { title: 'Art', value: ALERT_TRIGGER_LABELS[item.trigger] },
                { title: 'Schweregrad', value: ALERT_SEVERITY_LABELS[item.severity] },
                { title: 'Befund', value: item.title },
                { title: 'Details', value: item.detail },
              ],
            })),
          ],
          actions: event.items.slice(0, 5).map((item) => ({ type: 'Action.OpenUrl', title: `Öffnen: ${item.clientName}`, url: item.link })),
        },
      },
    ],
  };
}

/** Slack incoming webhook: text plus Block Kit sections. */
function slackBody(event: WebhookEvent): object {
  return {
    text: heading(event),
    blocks: [
      { type: 'header', text: { type: 'plain_text', text: heading(event).slice(0, 150) } },
      ...event.items.map((item) => ({ type: 'section', text: { type: 'mrkdwn', text: `*${line(item)}*\n<${item.link}|Im Portal ansehen>` } })),
    ],
  };
}

/** The request body for the endpoint's kind. */
export function webhookBody(kind: WebhookKind, event: WebhookEvent): string {
  if (kind === 'teams') return JSON.stringify(teamsBody(event));
  if (kind === 'slack') return JSON.stringify(slackBody(event));
  return JSON.stringify({ event: event.event, rule: event.ruleName, alerts: event.items });
}
