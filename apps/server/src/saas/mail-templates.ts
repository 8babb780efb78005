import type { MailTemplateKey } from '@burgwall/shared';
import { escapeHtml, fillTemplate, type MailMessage } from '../mail/mailer';

/**
 * The platform's German mail templates for POST /saas/services/mailer and /saas/mailing/email/template. Placeholders
 * {{name}} are filled from the request's values (HTML-escaped); {{appUrl}} is always the server's address.
 */
interface Template {
  subject: string;
  /** Paragraphs; each becomes <p> in HTML and a paragraph of the text part. */
  paragraphs: string[];
}

const TEMPLATES: Record<MailTemplateKey, Template> = {
  willkommen: {
    subject: 'Willkommen bei Burgwall',
    paragraphs: [
      'Guten Tag {{name}},',
      'vielen Dank für Ihre Registrierung bei Burgwall. Mit Burgwall prüfen Sie Active Directory und Microsoft Entra ID Ihrer Kunden auf Schwachstellen und behalten die Sicherheit im Blick.',
      'Melden Sie sich unter {{appUrl}} an und legen Sie Ihren ersten Kunden an.',
      'Viele Grüße\nIhr Burgwall-Team',
    ],
  },
  'quickcheck-erinnerung': {
    subject: 'Ihr Burgwall Quick-Check wartet',
    paragraphs: [
      'Guten Tag {{name}},',
      'der Quick-Check für {{company}} ist vorbereitet, aber der Collector hat noch keine Daten gesendet. Laden Sie den Collector über den Link aus Ihrer Einladung herunter und starten Sie ihn auf einem Rechner Ihrer Domäne.',
      'Bei Fragen antworten Sie einfach auf diese E-Mail.',
      'Viele Grüße\nIhr Burgwall-Team',
    ],
  },
  newsletter: {
    subject: '{{subject}}',
    paragraphs: ['Guten Tag {{name}},', '{{text}}', 'Viele Grüße\nIhr Burgwall-Team'],
  },
};

/** Values not given are left empty rather than showing a raw {{placeholder}} to the reader. */
function complete(template: Template, values: Record<string, string>): Record<string, string> {
  const names = [...`${template.subject} ${template.paragraphs.join(' ')}`.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]!);
  return Object.fromEntries(names.map((name) => [name, values[name] ?? '']));
}

export function renderTemplateMail(
  key: MailTemplateKey,
  input: { to: string; values?: Record<string, string>; appUrl: string; unsubscribeUrl?: string },
): MailMessage {
  const template = TEMPLATES[key];
  const values = complete(template, { name: '', ...input.values, appUrl: input.appUrl });
  // Text: plain replacement; HTML: fillTemplate escapes the values.
  const plain = (text: string) => text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_whole, name: string) => values[name] ?? '');
  const subject = plain(template.subject).replace(/\s+/g, ' ').trim() || 'Nachricht von Burgwall';
  const footerText = input.unsubscribeUrl ? `\n\nSie möchten diese E-Mails nicht mehr erhalten? Abmelden: ${input.unsubscribeUrl}` : '';
  const footerHtml = input.unsubscribeUrl ? `<p style="font-size:12px;color:#666">Sie möchten diese E-Mails nicht mehr erhalten? <a href="${escapeHtml(input.unsubscribeUrl)}">Abmelden</a></p>` : '';
  return {
    to: input.to,
    subject,
    text: template.paragraphs.map(plain).join('\n\n') + footerText,
    html: template.paragraphs.map((paragraph) => `<p>${fillTemplate(escapeHtml(paragraph), values).replace(/\n/g, '<br>')}</p>`).join('') + footerHtml,
    ...(input.unsubscribeUrl ? { headers: { 'List-Unsubscribe': `<${input.unsubscribeUrl}>` } } : {}),
  };
}
