import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { authenticate, principalOf } from '../auth/principal';
import { requireProviderAccess } from '../auth/tenant-access';
import { sendZodError } from '../http/zod-reply';
import { emailSettingsBody, loadSmtpSettings, readEmailSettings, saveEmailSettings } from '../mail/email-settings';
import { escapeHtml, fillTemplate, MailError } from '../mail/mailer';
import { WELL_KNOWN_EMAIL_SERVICES } from '../mail/well-known-services';
import type { Services } from '../services';

/** Custom e-mail settings of a provider, the test mail and the well-known services list. */
export function registerEmailRoutes(app: FastifyInstance, services: Services): void {
  const { db, tokens, secrets, mailer } = services;
  const scope = { onRequest: [authenticate(tokens, ['admin', 'serviceprovider']), requireProviderAccess()] };
  const idOf = (params: unknown) => (params as { serviceproviderUUID: string }).serviceproviderUUID;

  app.get('/services/email/well-known-services', { onRequest: authenticate(tokens) }, async () => WELL_KNOWN_EMAIL_SERVICES);

  app.get('/serviceprovider/:serviceproviderUUID/email/settings', scope, async (request) => readEmailSettings(db, idOf(request.params)));

  app.post('/serviceprovider/:serviceproviderUUID/email/settings', scope, async (request, reply) => {
    const parsed = emailSettingsBody.safeParse(request.body);
    if (!parsed.success) return sendZodError(reply, parsed.error);
    await saveEmailSettings(db, secrets, idOf(request.params), parsed.data);
    return readEmailSettings(db, idOf(request.params));
  });

  app.post('/serviceprovider/:serviceproviderUUID/email/test', scope, async (request, reply) => {
    const parsed = z.object({ template: z.coerce.number().int().min(1).max(2).default(1), to: z.email().optional() }).safeParse(request.body ?? {});
    if (!parsed.success) return sendZodError(reply, parsed.error);
    const settings = await loadSmtpSettings(db, secrets, idOf(request.params));
    if (!settings?.host) return reply.code(400).send({ message: 'Bitte speichern Sie zuerst die SMTP-Einstellungen.' });
    const principal = principalOf(request);
    const to = parsed.data.to ?? principal.email;
    const template = settings.templates[parsed.data.template - 1];
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
        return reply.code(400).send({ message: error.message });
      }
      throw error;
    }
    return { message: `Test-E-Mail an ${to} gesendet.` };
  });
}
