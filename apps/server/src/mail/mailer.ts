import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config';
import type { SecretBox } from '../crypto/secret-box';
import type { Db } from '../db/database';
import { guardedFetch, resolvePublicAddress, withUniformFailureTime, type OutgoingPolicy } from '../http/outgoing';
import { loadSmtpSettings, type SmtpSettings } from './email-settings';
import { germanSmtpError, isUnreachableSmtpError } from './smtp-errors';

export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Extra headers (e.g. List-Unsubscribe). */
  headers?: Record<string, string>;
  /** Inline images (with cid) such as the provider's logo, and files such as a PDF report (without). */
  attachments?: { filename: string; content: Buffer; contentType: string; cid?: string }[];
}

export class MailError extends Error {
  constructor(
    message: string,
    override readonly cause: unknown,
  ) {
    super(message);
  }
}

export interface SendResult {
  /** false when no mail server is configured (the mail was only logged). */
  delivered: boolean;
  via: 'provider' | 'platform' | 'log';
}

/** Fetches an OAuth2 access token with the client-credentials grant (e.g. Microsoft 365 SMTP). */
async function oauth2AccessToken(settings: SmtpSettings, policy: OutgoingPolicy): Promise<string> {
  const { oauth2 } = settings;
  if (oauth2.accessToken) return oauth2.accessToken;
  const tokenUrl =
    oauth2.tokenUrl || (oauth2.tenantId ? `https://login.microsoftonline.com/${oauth2.tenantId}/oauth2/v2.0/token` : null);
  if (!tokenUrl || !oauth2.clientId || !oauth2.clientSecret) throw Object.assign(new Error('incomplete OAuth2 settings'), { code: 'EOAUTH2' });
  // The token endpoint is provider-supplied too: no requests into the server's own network.
  const response = await guardedFetch(tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: oauth2.clientId,
      client_secret: oauth2.clientSecret,
      scope: oauth2.scope || 'https://outlook.office365.com/.default',
    }),
    signal: AbortSignal.timeout(policy.connectTimeoutMs * 2),
  }, policy).catch((error: unknown) => {
    throw Object.assign(new Error(String(error)), { code: 'EOAUTH2' });
  });
  const body = (await response.json().catch(() => ({}))) as { access_token?: string };
  if (!response.ok || !body.access_token) throw Object.assign(new Error(`token endpoint ${response.status}`), { code: 'EOAUTH2' });
  return body.access_token;
}

export async function providerTransport(settings: SmtpSettings, policy: OutgoingPolicy): Promise<Transporter> {
  const host = settings.host ?? '';
  // Resolved and checked once; nodemailer connects to exactly this address (no second lookup, no DNS rebinding).
  const address = await resolvePublicAddress(host, policy);
  const auth =
    settings.authMethod === 'basic'
      ? { user: settings.user ?? '', pass: settings.password ?? '' }
      : settings.authMethod === 'oauth2'
        ? { type: 'OAuth2' as const, user: settings.user || settings.fromAddress || '', accessToken: await oauth2AccessToken(settings, policy) }
        : undefined;
  return nodemailer.createTransport({
    host: address,
    port: settings.port ?? undefined,
    secure: settings.secure,
    // Certificates are checked against the name the provider entered, not the address.
    tls: { servername: host },
    auth,
    connectionTimeout: policy.connectTimeoutMs,
    greetingTimeout: policy.connectTimeoutMs,
    socketTimeout: 20_000,
  });
}

/**
 * Sends the platform's mails: through a provider's own SMTP server (white-label
 * sender) when it has one enabled, else through SMTP_URL, else only logged.
 */
export class Mailer {
  constructor(
    private readonly config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM'>,
    private readonly db: Db,
    private readonly secrets: SecretBox,
    private readonly outgoing: OutgoingPolicy,
    private readonly log: (message: string) => void = (message) => console.log(`[mail] ${message}`),
  ) {}

  async send(message: MailMessage, options: { providerId?: string | null } = {}): Promise<SendResult> {
    const custom = options.providerId ? await loadSmtpSettings(this.db, this.secrets, options.providerId) : undefined;
    if (custom?.enabled && custom.host) {
      await this.sendWith(custom, message);
      return { delivered: true, via: 'provider' };
    }
    if (!(await this.platformMailEnabled())) {
      this.log(`platform mail switched off by an admin; mail "${message.subject}" to ${message.to} not sent`);
      return { delivered: false, via: 'log' };
    }
    if (!this.config.SMTP_URL) {
      // Never the body: it may carry a one-time link.
      this.log(`no SMTP_URL configured; mail "${message.subject}" to ${message.to} not sent`);
      return { delivered: false, via: 'log' };
    }
    const transport = nodemailer.createTransport(this.config.SMTP_URL);
    try {
      await transport.sendMail({ from: this.config.MAIL_FROM, ...message });
    } catch (error) {
      const url = new URL(this.config.SMTP_URL);
      throw new MailError(germanSmtpError(error, { host: url.hostname, port: Number(url.port) || null }), error);
    } finally {
      transport.close();
    }
    return { delivered: true, via: 'platform' };
  }

  private async platformMailEnabled(): Promise<boolean> {
    const row = await this.db.selectFrom('platform_setting').select('value').where('key', '=', 'email.status').executeTakeFirst();
    return row ? (row.value as { enabled?: boolean }).enabled !== false : true;
  }

  /** Sends through the given provider settings; failures become a MailError with a German message. */
  async sendWith(settings: SmtpSettings, message: MailMessage): Promise<void> {
    let transport: Transporter | undefined;
    try {
      await withUniformFailureTime(this.outgoing.connectTimeoutMs, async () => {
        transport = await providerTransport(settings, this.outgoing);
        const from = settings.fromName ? { name: settings.fromName, address: settings.fromAddress ?? '' } : (settings.fromAddress ?? '');
        await transport.sendMail({ from, ...message });
      }, isUnreachableSmtpError);
    } catch (error) {
      throw new MailError(germanSmtpError(error, settings), error);
    } finally {
      transport?.close();
    }
  }
}

/** Fills {{name}} placeholders of a provider's mail template; values are HTML-escaped. */
export function fillTemplate(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, key: string) => (key in values ? escapeHtml(values[key] ?? '') : whole));
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);
}
