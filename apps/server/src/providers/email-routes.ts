import {
  emailSettingsBodySchema,
  emailSettingsViewSchema,
  emailStatusBodySchema,
  emailStatusSchema,
  emailTestBodySchema,
  messageSchema,
  wellKnownEmailServiceSchema,
} from '@burgwall/shared';
import { z } from 'zod';
import { principalOf } from '../auth/principal';
import type { Db } from '../db/database';
import type { ApiApp } from '../http/api-app';
import { badRequest } from '../http/problem';
import { loadSmtpSettings, readEmailSettings, saveEmailSettings } from '../mail/email-settings';
import { escapeHtml, fillTemplate, MailError } from '../mail/mailer';
import { WELL_KNOWN_EMAIL_SERVICES } from '../mail/well-known-services';
import type { Services } from '../services';
import { MAIL_SENDING_LIMIT } from '../http/rate-limit/limits';

/** Custom e-mail settings of a provider and the test mail (provider scope). */
export function registerProviderEmailRoutes(app: ApiApp, services: Services): void {
  const { db, secrets, mailer } = services;

  app.get(
    '/serviceprovider/:serviceproviderUUID/email/settings',
    {
      schema: {
        summary: 'E-Mail-Einstellungen des Dienstleisters lesen',
        description: 'SMTP-Server, Anmeldung und Vorlagen; Geheimnisse nur als „gesetzt“. Für admin und Benutzer des Dienstleisters.',
        response: { 200: emailSettingsViewSchema },
      },
    },
    async (request) => readEmailSettings(db, request.provider.providerId),
  );

  app.post(
    '/serviceprovider/:serviceproviderUUID/email/settings',
    {
      schema: {
        summary: 'E-Mail-Einstellungen des Dienstleisters speichern',
        description: 'Geheimnisse werden verschlüsselt gespeichert; leere Geheimnisse behalten die gespeicherten. Für admin und Benutzer des Dienstleisters.',
        body: emailSettingsBodySchema,
        response: { 200: emailSettingsViewSchema },
      },
    },
    async (request) => {
      await saveEmailSettings(db, secrets, request.provider.providerId, request.body);
      return readEmailSettings(db, request.provider.providerId);
    },
  );

  app.post(
    '/serviceprovider/:serviceproviderUUID/email/test',
    {
      config: { rateLimit: MAIL_SENDING_LIMIT },
      schema: {
        summary: 'Test-E-Mail senden',
        description: 'Sendet mit den gespeicherten SMTP-Einstellungen (optional mit einer Vorlage) an die angegebene oder die eigene Adresse. Fehlen die Einstellungen oder scheitert der Versand, antwortet 400 mit Hinweis. Für admin und Benutzer des Dienstleisters.',
        body: emailTestBodySchema,
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      const settings = await loadSmtpSettings(db, secrets, request.provider.providerId);
      if (!settings?.host) throw badRequest('Bitte speichern Sie zuerst die SMTP-Einstellungen.');
      const body = request.body ?? { template: 1 };
      const to = body.to ?? principalOf(request).email;
      const template = settings.templates[body.template - 1];
      const values = { firstName: 'Max', lastName: 'Mustermann', email: to, link: 'https://example.invalid/test', company: settings.fromName ?? '' };
      const html = template?.html
        ? fillTemplate(template.html, values)
        : `<p>Dies ist eine Test-E-Mail von Burgwall.</p><p>Ihre SMTP-Einstellungen für ${escapeHtml(settings.fromAddress ?? '')} funktionieren.</p>`;
      try {
        await mailer.sendWith(settings, {
          to,
          subject: template?.subject ? `[Test] ${template.subject}` : 'Test-E-Mail von Burgwall',
          html,
          text: 'Dies ist eine Test-E-Mail von Burgwall. Ihre SMTP-Einstellungen funktionieren.',
        });
      } catch (error) {
        if (error instanceof MailError) {
          request.log.warn({ code: (error.cause as { code?: string } | undefined)?.code }, 'test mail failed');
          // The message is German and names what to check (see smtp-errors.ts).
          throw badRequest(error.message);
        }
        throw error;
      }
      return { message: `Test-E-Mail an ${to} gesendet.` };
    },
  );
}

/** GET /services/email/well-known-services (user scope: any signed-in caller). */
export function registerEmailServiceRoutes(app: ApiApp): void {
  app.get(
    '/services/email/well-known-services',
    {
      schema: {
        summary: 'Bekannte E-Mail-Dienste auflisten',
        description: 'SMTP-Voreinstellungen bekannter Anbieter. Für jeden angemeldeten Benutzer.',
        response: { 200: z.array(wellKnownEmailServiceSchema) },
      },
    },
    async () => [...WELL_KNOWN_EMAIL_SERVICES],
  );
}

const EMAIL_STATUS_KEY = 'email.status';

/** Platform mail on/off (admin switch); mails are sent while it is on (default). */
async function platformEmailEnabled(db: Db): Promise<boolean> {
  const row = await db.selectFrom('platform_setting').select('value').where('key', '=', EMAIL_STATUS_KEY).executeTakeFirst();
  return row ? (row.value as { enabled?: boolean }).enabled !== false : true;
}

/** The platform mail switch under /admin/email/status (admin scope). */
export function registerAdminEmailRoutes(app: ApiApp, services: Services): void {
  const { db, config, billing } = services;

  app.get(
    '/admin/email/status',
    {
      schema: {
        summary: 'Plattform-E-Mail-Status lesen',
        description: 'Ob die Plattform E-Mails sendet, ob SMTP eingerichtet ist und in welchem Modus die Abrechnung läuft. Nur Rolle admin.',
        response: { 200: emailStatusSchema },
      },
    },
    async () => ({
      status: await platformEmailEnabled(db),
      smtpConfigured: Boolean(config.SMTP_URL),
      billingMode: billing.mode,
    }),
  );

  app.post(
    '/admin/email/status',
    {
      schema: {
        summary: 'Plattform-E-Mails ein- oder ausschalten',
        description: 'Nur Rolle admin.',
        body: emailStatusBodySchema,
        response: { 200: emailStatusBodySchema },
      },
    },
    async (request) => {
      const value = JSON.stringify({ enabled: request.body.status });
      await db
        .insertInto('platform_setting')
        .values({ key: EMAIL_STATUS_KEY, value })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: new Date() }))
        .execute();
      return { status: request.body.status };
    },
  );
}
