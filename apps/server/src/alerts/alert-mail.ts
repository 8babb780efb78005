import { ALERT_SEVERITY_LABELS, ALERT_TRIGGER_LABELS } from '@burgwall/shared';
import mjml2html from 'mjml';
import type { MailMessage } from '../mail/mailer';
import { escapeHtml } from '../mail/mailer';
import type { AlertItem } from './alert-item';

/** Who sends: the provider's white-label name and logo (attached inline, mail clients block remote images). */
export interface AlertSender {
  name: string;
  logo: { data: Buffer; contentType: string } | null;
}

const SEVERITY_COLOURS: Record<AlertItem['severity'], string> = {
  critical: '#c92a2a',
  high: '#e8590c',
  medium: '#f08c00',
  low: '#1c7ed6',
  info: '#868e96',
};

const LOGO_CID = 'logo@burgwall';

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
 * The German alert mail (MJML → HTML that survives Outlook), one or many alerts; `digest` makes it the daily
 * summary. Every mail carries the unsubscribe link (also as List-Unsubscribe header).
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
  const header = sender.logo
    ? `<mj-image src="cid:${LOGO_CID}" alt="${escapeHtml(sender.name)}" width="160px" align="left" padding="0" />`
    : `<mj-text padding="0" font-size="20px" font-weight="700" color="#1c59ad">${escapeHtml(sender.name)}</mj-text>`;
  const source = `<mjml lang="de"><mj-head><mj-title>${escapeHtml(subject)}</mj-title><mj-attributes><mj-all font-family="Segoe UI, Helvetica, Arial, sans-serif" /><mj-text color="#1a2233" line-height="1.45" /></mj-attributes></mj-head>
<mj-body background-color="#f4f6fa"><mj-wrapper background-color="#ffffff" padding="0 0 16px" border-radius="12px">
<mj-section padding="24px 24px 8px"><mj-column>${header}</mj-column></mj-section>
<mj-section padding="0 24px 12px"><mj-column><mj-text padding="0" font-size="15px">${escapeHtml(intro)}</mj-text></mj-column></mj-section>
${items.map(itemSection).join('\n')}
<mj-section padding="12px 24px 0"><mj-column><mj-divider border-color="#e3e8f0" border-width="1px" padding="0 0 12px" />
<mj-text padding="0" font-size="12px" color="#868e96">Sie erhalten diese E-Mail, weil Sie als Empfänger einer Alarmregel von ${escapeHtml(sender.name)} eingetragen sind. <a href="${escapeHtml(input.unsubscribeUrl)}" style="color:#868e96">Alarm-E-Mails abbestellen</a></mj-text>
</mj-column></mj-section></mj-wrapper></mj-body></mjml>`;
  // mjml 4 renders synchronously, mjml 5 (and its types) asynchronously: awaiting works for both.
  const { html } = await Promise.resolve(mjml2html(source, { validationLevel: 'soft', minify: false }));
  const text = [
    intro,
    '',
    ...items.map((item) => `[${ALERT_SEVERITY_LABELS[item.severity]}] ${item.clientName}: ${item.title}\n${item.detail}\n${item.link}\n`),
    `Alarm-E-Mails abbestellen: ${input.unsubscribeUrl}`,
  ].join('\n');
  return {
    to: input.to,
    subject,
    html,
    text,
    headers: { 'List-Unsubscribe': `<${input.unsubscribeUrl}>`},
    ...(sender.logo ? { attachments: [{ filename: 'logo', content: sender.logo.data, contentType: sender.logo.contentType, cid: LOGO_CID }] } : {}),
  };
}
