import { REPORT_FREQUENCY_LABELS, type ReportFrequency } from '@burgwall/shared';
import { brandedMail, type MailSender } from '../mail/branded-mail';
import { escapeHtml, type MailMessage } from '../mail/mailer';

/** The German mail that carries a scheduled report as PDF attachment. */
export function reportMail(input: {
  to: string;
  sender: MailSender;
  /** The client's name, or null for the provider summary. */
  clientName: string | null;
  frequency: ReportFrequency;
  pdf: { filename: string; content: Buffer };
  link: string;
  /** The signed link that takes this recipient off this schedule. */
  unsubscribeUrl: string;
}): Promise<MailMessage> {
  const what = input.clientName ? `Sicherheitsbericht ${input.clientName}` : 'Übersichtsbericht aller Kunden';
  const subject = `${what} – ${new Date().toLocaleDateString('de-DE', { timeZone: 'Europe/Berlin' })}`;
  const intro = input.clientName
    ? `anbei der aktuelle Sicherheitsbericht für ${input.clientName} als PDF.`
    : 'anbei der aktuelle Übersichtsbericht mit Sicherheitswert, Note, Trend und den größten Risiken aller Kunden als PDF.';
  const schedule = REPORT_FREQUENCY_LABELS[input.frequency];
  return brandedMail({
    to: input.to,
    subject,
    sender: input.sender,
    intro: `Guten Tag, ${intro}`,
    sectionsMjml: `<mj-section padding="0 24px 12px"><mj-column><mj-text padding="0" font-size="14px">Den aktuellen Stand sehen Sie jederzeit im Portal: <a href="${escapeHtml(input.link)}" style="color:#1c59ad">Im Portal öffnen</a></mj-text></mj-column></mj-section>`,
    footerHtml: `Sie erhalten diesen Bericht (${escapeHtml(schedule)}), weil ${escapeHtml(input.sender.name)} Sie als Empfänger eingetragen hat. <a href="${escapeHtml(input.unsubscribeUrl)}" style="color:#868e96">Diesen Bericht abbestellen</a>`,
    text: `Guten Tag, ${intro}\n\nIm Portal: ${input.link}\n\nSie erhalten diesen Bericht (${schedule}), weil ${input.sender.name} Sie als Empfänger eingetragen hat. Abbestellen: ${input.unsubscribeUrl}`,
    attachments: [{ filename: input.pdf.filename, content: input.pdf.content, contentType: 'application/pdf' }],
  });
}
