import { z } from 'zod';
import type { SecretBox } from '../crypto/secret-box';
import type { Db } from '../db/database';

/** Body of POST /serviceprovider/{id}/email/settings (SPEC §3 "Custom email settings"). Empty secrets keep the stored ones. */
export const emailSettingsBody = z.object({
  enabled: z.boolean(),
  settings: z.object({
    host: z.string().trim().max(255).default(''),
    port: z.coerce.number().int().min(1, 'Port muss zwischen 1 und 65535 liegen').max(65_535, 'Port muss zwischen 1 und 65535 liegen').default(587),
    authMethod: z.enum(['basic', 'oauth2', 'none']).default('basic'),
    basicAuth: z.object({ user: z.string().trim().max(255).default(''), password: z.string().max(1024).optional() }).default({ user: '' }),
    oauth2Auth: z
      .object({
        tenantId: z.string().trim().max(255).optional(),
        clientId: z.string().trim().max(255).optional(),
        clientSecret: z.string().max(2048).optional(),
        tokenUrl: z.union([z.url(), z.literal('')]).optional(),
        scope: z.string().trim().max(1024).optional(),
        accessToken: z.string().max(8192).optional(),
      })
      .default({}),
    secure: z.boolean().default(false),
    fromName: z.string().trim().max(255).default(''),
    fromAddress: z.union([z.email('Absenderadresse ist keine gültige E-Mail-Adresse'), z.literal('')]).default(''),
    template1Html: z.string().max(100_000).default(''),
    template2Html: z.string().max(100_000).default(''),
    subject1: z.string().trim().max(255).default(''),
    subject2: z.string().trim().max(255).default(''),
  }),
}).superRefine((body, context) => {
  if (!body.enabled) return;
  if (!body.settings.host) context.addIssue({ code: 'custom', path: ['settings', 'host'], message: 'Host ist erforderlich' });
  if (!body.settings.fromAddress) {
    context.addIssue({ code: 'custom', path: ['settings', 'fromAddress'], message: 'Absenderadresse ist erforderlich' });
  }
});
export type EmailSettingsBody = z.infer<typeof emailSettingsBody>;

/** What the API returns: never a secret, only whether one is stored. */
export interface EmailSettingsView {
  enabled: boolean;
  settings: {
    host: string;
    port: number;
    authMethod: 'basic' | 'oauth2' | 'none';
    basicAuth: { user: string; passwordSet: boolean };
    oauth2Auth: { tenantId: string; clientId: string; clientSecretSet: boolean; tokenUrl: string; scope: string; accessTokenSet: boolean };
    secure: boolean;
    fromName: string;
    fromAddress: string;
    template1Html: string;
    template2Html: string;
    subject1: string;
    subject2: string;
  };
}

/** Decrypted settings for sending (server-internal only). */
export interface SmtpSettings {
  enabled: boolean;
  host: string | null;
  port: number | null;
  secure: boolean;
  authMethod: 'basic' | 'oauth2' | 'none';
  user: string | null;
  password: string | null;
  oauth2: { tenantId: string | null; clientId: string | null; clientSecret: string | null; tokenUrl: string | null; scope: string | null; accessToken: string | null };
  fromName: string | null;
  fromAddress: string | null;
  templates: { html: string | null; subject: string | null }[];
}

async function row(db: Db, providerId: string) {
  return db.selectFrom('serviceprovider_email_settings').selectAll().where('serviceprovider_fk', '=', providerId).executeTakeFirst();
}

export async function readEmailSettings(db: Db, providerId: string): Promise<EmailSettingsView> {
  const r = await row(db, providerId);
  return {
    enabled: r?.enabled ?? false,
    settings: {
      host: r?.host ?? '',
      port: r?.port ?? 587,
      authMethod: r?.auth_method ?? 'basic',
      basicAuth: { user: r?.basic_user ?? '', passwordSet: Boolean(r?.basic_password_sealed) },
      oauth2Auth: {
        tenantId: r?.oauth2_tenant_id ?? '',
        clientId: r?.oauth2_client_id ?? '',
        clientSecretSet: Boolean(r?.oauth2_client_secret_sealed),
        tokenUrl: r?.oauth2_token_url ?? '',
        scope: r?.oauth2_scope ?? '',
        accessTokenSet: Boolean(r?.oauth2_access_token_sealed),
      },
      secure: r?.secure ?? false,
      fromName: r?.from_name ?? '',
      fromAddress: r?.from_address ?? '',
      template1Html: r?.template1_html ?? '',
      template2Html: r?.template2_html ?? '',
      subject1: r?.subject1 ?? '',
      subject2: r?.subject2 ?? '',
    },
  };
}

export async function loadSmtpSettings(db: Db, secrets: SecretBox, providerId: string): Promise<SmtpSettings | undefined> {
  const r = await row(db, providerId);
  if (!r) return undefined;
  const open = (sealed: string | null) => (sealed ? secrets.open(sealed) : null);
  return {
    enabled: r.enabled,
    host: r.host,
    port: r.port,
    secure: r.secure,
    authMethod: r.auth_method,
    user: r.basic_user,
    password: open(r.basic_password_sealed),
    oauth2: {
      tenantId: r.oauth2_tenant_id,
      clientId: r.oauth2_client_id,
      clientSecret: open(r.oauth2_client_secret_sealed),
      tokenUrl: r.oauth2_token_url,
      scope: r.oauth2_scope,
      accessToken: open(r.oauth2_access_token_sealed),
    },
    fromName: r.from_name,
    fromAddress: r.from_address,
    templates: [
      { html: r.template1_html, subject: r.subject1 },
      { html: r.template2_html, subject: r.subject2 },
    ],
  };
}

/** Stores the settings; a secret left empty keeps the stored one, so the UI never needs to see it. */
export async function saveEmailSettings(db: Db, secrets: SecretBox, providerId: string, body: EmailSettingsBody): Promise<void> {
  const s = body.settings;
  const keep = (value: string | undefined) => (value ? secrets.seal(value) : undefined);
  const values = {
    enabled: body.enabled,
    host: s.host || null,
    port: s.port,
    secure: s.secure,
    auth_method: s.authMethod,
    basic_user: s.basicAuth.user || null,
    oauth2_tenant_id: s.oauth2Auth.tenantId || null,
    oauth2_client_id: s.oauth2Auth.clientId || null,
    oauth2_token_url: s.oauth2Auth.tokenUrl || null,
    oauth2_scope: s.oauth2Auth.scope || null,
    from_name: s.fromName || null,
    from_address: s.fromAddress || null,
    template1_html: s.template1Html || null,
    template2_html: s.template2Html || null,
    subject1: s.subject1 || null,
    subject2: s.subject2 || null,
    updated_at: new Date(),
  };
  const sealed = Object.fromEntries(
    Object.entries({
      basic_password_sealed: keep(s.basicAuth.password),
      oauth2_client_secret_sealed: keep(s.oauth2Auth.clientSecret),
      oauth2_access_token_sealed: keep(s.oauth2Auth.accessToken),
    }).filter(([, value]) => value !== undefined),
  );
  await db
    .insertInto('serviceprovider_email_settings')
    .values({ serviceprovider_fk: providerId, ...values, ...sealed })
    .onConflict((oc) => oc.column('serviceprovider_fk').doUpdateSet({ ...values, ...sealed }))
    .execute();
}
