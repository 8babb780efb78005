import { ALERT_SEVERITY_LABELS, ALERT_TRIGGER_LABELS } from '@burgwall/shared';
import { brandedMail, type MailSender } from '../mail/branded-mail';
import type { MailMessage } from '../mail/mailer';
import { escapeHtml } from '../mail/mailer';
import type { AlertItem } from './alert-item';

export type AlertSender = MailSender;

const SEVERITY_COLOURS: Record<AlertItem['severity'], string> = {
  critical: '#c92a2a',
  high: '#e8590c',
  medium: '#f08c00',
  low: '#1c7ed6',
  info: '#868e96',
};

function itemSection(item: AlertItem): string {
  const colour = SEVERITY_COLOURS[item.severity];
  return `<mj-section padding="0 24px 12px"><mj-column border-left="4px solid ${colour}" background-color="#f8f9fb" padding="12px 16px">
<mj-text padding="0" font-size="12px" color="${colour}" font-weight="700">${escapeHtml(ALERT_SEVERITY_LABELS[item.severity])} · ${escapeHtml(ALERT_TRIGGER_LABELS[item.trigger])} · ${escapeHtml(item.clientName)}</mj-text>
<mj-text padding="4px 0 0" font-size="15px" font-weight="600">${escapeHtml(item.title)}</mj-text>
<mj-text padding="4px 0 0" font-size="13px" color="#5b6577">${escapeHtml(item.detail)}</mj-text>
<mj-text padding="6px 0 0" font-size="13px"><a href="${escapeHtml(item.link)}" style="color:#1c59ad">Im Portal ansehen</a></mj-text>
</mj-column></mj-section>`;
}

/**
 * The German alert mail, one or many alerts; `digest` makes it the daily summary. Every mail carries the unsubscribe
 * link (also as List-Unsubscribe header).
 */
export async function alertMail(input: { to: string; ruleName: string | null; items: AlertItem[]; sender: AlertSender; unsubscribeUrl: string; digest: boolean }): Promise<MailMessage> {
  const { items, sender } = input;
  const first = items[0];
  const subject = input.digest
    ? `Tägliche Zusammenfassung: ${items.length} ${items.length === 1 ? 'Alarm' : 'Alarme'}`
    : items.length === 1 && first
      ? `[${ALERT_SEVERITY_LABELS[first.severity]}] ${first.title} – ${first.clientName}`
      : `${items.length} neue Alarme${input.ruleName ? ` (${input.ruleName})` : ''}`;
  const intro = input.digest
    ? `Hier ist Ihre tägliche Zusammenfassung mit ${items.length} ${items.length === 1 ? 'Alarm' : 'Alarmen'}.`
    : `Die Alarmregel „${input.ruleName ?? ''}“ hat ausgelöst.`;
  const text = [
    intro,
    '',
    ...items.map((item) => `[${ALERT_SEVERITY_LABELS[item.severity]}] ${item.clientName}: ${item.title}\n${item.detail}\n${item.link}\n`),
    `Alarm-E-Mails abbestellen: ${input.unsubscribeUrl}`,
  ].join('\n');
  return brandedMail({
    to: input.to,
    subject,
    sender,
    intro,
    sectionsMjml: items.map(itemSection).join('\n'),
    footerHtml: `Sie erhalten diese E-Mail, weil Sie als Empfänger einer Alarmregel von ${escapeHtml(sender.name)} eingetragen sind. <a href="${escapeHtml(input.unsubscribeUrl)}" style="color:#868e96">Alarm-E-Mails abbestellen</a>`,
    text,
    headers: { 'List-Unsubscribe': `<${input.unsubscribeUrl}>` },
  });
}
