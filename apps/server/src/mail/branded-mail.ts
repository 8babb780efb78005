import mjml2html from 'mjml';
import type { Db } from '../db/database';
import { escapeHtml, type MailMessage } from './mailer';

/** Who sends: the provider's white-label name and logo (attached inline, mail clients block remote images). */
export interface MailSender {
  name: string;
  logo: { data: Buffer; contentType: string } | null;
}

const LOGO_CID = 'logo@burgwall';

/** The provider's white-label name and logo when white label is on, else the platform's name. */
export async function mailSenderOf(db: Db, providerId: string): Promise<MailSender> {
  const row = await db
    .selectFrom('serviceprovider')
    .select(['whitelabel_is_active', 'whitelabel_company_name', 'serviceprovider_name', 'whitelabel_logo', 'whitelabel_logo_type'])
    .where('serviceprovider_id_pk', '=', providerId)
    .executeTakeFirst();
  if (!row?.whitelabel_is_active) return { name: 'Burgwall', logo: null };
  return {
    name: row.whitelabel_company_name || row.serviceprovider_name,
    logo: row.whitelabel_logo && row.whitelabel_logo_type ? { data: row.whitelabel_logo, contentType: row.whitelabel_logo_type } : null,
  };
}

/**
 * The German mail layout of alerts and reports (MJML → HTML that survives Outlook): the sender's logo or name, an
 * intro line, the given MJML sections and a small footer (HTML, already escaped by the caller). The logo goes along as
 * an inline attachment.
 */
export async function brandedMail(input: {
  to: string;
  subject: string;
  sender: MailSender;
  intro: string;
  sectionsMjml: string;
  footerHtml: string;
  text: string;
  headers?: Record<string, string>;
  attachments?: NonNullable<MailMessage['attachments']>;
}): Promise<MailMessage> {
  const { sender } = input;
  const header = sender.logo
    ? `<mj-image src="cid:${LOGO_CID}" alt="${escapeHtml(sender.name)}" width="160px" align="left" padding="0" />`
    : `<mj-text padding="0" font-size="20px" font-weight="700" color="#1c59ad">${escapeHtml(sender.name)}</mj-text>`;
  const source = `<mjml lang="de"><mj-head><mj-title>${escapeHtml(input.subject)}</mj-title><mj-attributes><mj-all font-family="Segoe UI, Helvetica, Arial, sans-serif" /><mj-text color="#1a2233" line-height="1.45" /></mj-attributes></mj-head>
<mj-body background-color="#f4f6fa"><mj-wrapper background-color="#ffffff" padding="0 0 16px" border-radius="12px">
<mj-section padding="24px 24px 8px"><mj-column>${header}</mj-column></mj-section>
<mj-section padding="0 24px 12px"><mj-column><mj-text padding="0" font-size="15px">${escapeHtml(input.intro)}</mj-text></mj-column></mj-section>
${input.sectionsMjml}
<mj-section padding="12px 24px 0"><mj-column><mj-divider border-color="#e3e8f0" border-width="1px" padding="0 0 12px" />
<mj-text padding="0" font-size="12px" color="#868e96">${input.footerHtml}</mj-text>
</mj-column></mj-section></mj-wrapper></mj-body></mjml>`;
  // mjml 4 renders synchronously, mjml 5 (and its types) asynchronously: awaiting works for both.
  const { html } = await Promise.resolve(mjml2html(source, { validationLevel: 'soft', minify: false }));
  const attachments = [...(sender.logo ? [{ filename: 'logo', content: sender.logo.data, contentType: sender.logo.contentType, cid: LOGO_CID }] : []), ...(input.attachments ?? [])];
  return {
    to: input.to,
    subject: input.subject,
    html,
    text: input.text,
    ...(input.headers ? { headers: input.headers } : {}),
    ...(attachments.length > 0 ? { attachments } : {}),
  };
}
