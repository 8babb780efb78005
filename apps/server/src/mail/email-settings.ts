import type { emailSettingsBodySchema, EmailSettingsView } from '@burgwall/shared';
import type { z } from 'zod';
import type { SecretBox } from '../crypto/secret-box';
import type { Db } from '../db/database';

/** The stored settings as the body parsed them (defaults filled in). */
export type EmailSettingsBody = z.output<typeof emailSettingsBodySchema>;

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
