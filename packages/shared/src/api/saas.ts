import { z } from 'zod';
import { collectorVersionSchema } from './collector';

/** SPEC §7 "Billing API": /saas/services and /saas/mailing (body shapes are not shown in the spec; ours). */

export const SUPPORT_CATEGORIES = ['frage', 'fehler', 'abrechnung', 'collector', 'sonstiges'] as const;
export type SupportCategory = (typeof SUPPORT_CATEGORIES)[number];
export const SUPPORT_CATEGORY_LABELS: Record<SupportCategory, string> = {
  frage: 'Frage zur Bedienung',
  fehler: 'Fehler melden',
  abrechnung: 'Abrechnung und Lizenz',
  collector: 'Collector und Installation',
  sonstiges: 'Sonstiges',
};

/** POST /saas/services/ticket */
export const supportTicketBodySchema = z.object({
  category: z.enum(SUPPORT_CATEGORIES),
  subject: z.string().trim().min(3).max(150),
  message: z.string().trim().min(10).max(5000),
  /** The client the question is about (must be one the caller may see). */
  clientUUID: z.uuid().optional(),
});
export type SupportTicketBody = z.input<typeof supportTicketBodySchema>;

export const supportTicketAnswerSchema = z.object({
  message: z.string().describe('ID der Anfrage'),
  ticketNumber: z.number().int().describe('Nummer der Anfrage (im Betreff der E-Mail)'),
  mailed: z.boolean().describe('Ob die Anfrage an das Support-Postfach gesendet wurde (gespeichert ist sie immer)'),
});
export type SupportTicketAnswer = z.infer<typeof supportTicketAnswerSchema>;

/** One executable of the collector build this server serves (inside the installer zip). */
export const collectorExecutableSchema = z.object({
  name: z.string().describe('Dateiname im Installationspaket'),
  system: z.enum(['Windows', 'Linux']),
  available: z.boolean().describe('false: auf diesem Server nicht gebaut'),
  sha256: z.string().nullable().describe('SHA-256 der Datei (hex)'),
  size: z.number().int().nullable().describe('Größe in Byte'),
});
export type CollectorExecutable = z.infer<typeof collectorExecutableSchema>;

/** GET /saas/services/executables */
export const collectorExecutablesSchema = z.object({
  version: z.string().describe('Version des Collectors, die dieser Server ausliefert'),
  installerPath: z.string().describe('Download des Installationspakets (ZIP) eines Kunden, {clientUUID} ersetzen'),
  quickcheckInstallerPath: z.string().describe('Download für Quickcheck-Kunden, {clientUUID} ersetzen'),
  executables: z.array(collectorExecutableSchema),
});
export type CollectorExecutables = z.infer<typeof collectorExecutablesSchema>;

/** POST /saas/services/collector/version/update (collector key) */
export const collectorVersionUpdateBodySchema = z.object({
  currentVersion: z
    .string()
    .regex(/^[\w.+-]{1,40}$/, 'Der Wert muss eine Versionsnummer wie 1.2.3 sein (höchstens 40 Zeichen aus Buchstaben, Ziffern und . _ + -).'),
  clientUUID: z.uuid().optional(),
});
export const collectorVersionUpdateAnswerSchema = collectorVersionSchema.extend({
  executables: z.array(collectorExecutableSchema),
});
export type CollectorVersionUpdateAnswer = z.infer<typeof collectorVersionUpdateAnswerSchema>;

/** The platform's German mail templates (POST /saas/services/mailer and /saas/mailing/email/template). */
export const MAIL_TEMPLATES = ['willkommen', 'quickcheck-erinnerung', 'newsletter'] as const;
export type MailTemplateKey = (typeof MAIL_TEMPLATES)[number];

const templateValuesSchema = z.record(z.string().regex(/^\w{1,40}$/), z.string().max(2000)).optional();

export const mailerBodySchema = z.object({
  email: z.email(),
  template: z.enum(MAIL_TEMPLATES),
  values: templateValuesSchema,
});
export const mailSentSchema = z.object({
  delivered: z.boolean().describe('false: kein Mailserver eingerichtet, die E-Mail wurde nur protokolliert'),
});

export const MAILING_LISTS = ['registrierung', 'quickcheck', 'newsletter'] as const;
export type MailingList = (typeof MAILING_LISTS)[number];

export const mailingContactBodySchema = z
  .object({
    email: z.email(),
    list: z.enum(MAILING_LISTS),
    firstName: z.string().trim().max(100).optional(),
    lastName: z.string().trim().max(100).optional(),
    company: z.string().trim().max(200).optional(),
    /** The newsletter needs the contact's explicit consent (double opt-in is the caller's business). */
    consent: z.boolean().optional(),
  })
  .refine((body) => body.list !== 'newsletter' || body.consent === true, {
    path: ['consent'],
    message: 'Für den Newsletter ist die Einwilligung des Kontakts nötig (consent: true).',
  });
export const mailingContactAnswerSchema = z.object({
  message: z.string().describe('ID des Kontakts'),
  added: z.boolean().describe('false: der Kontakt hat sich von dieser Liste abgemeldet und wird nicht wieder aufgenommen'),
});

export const mailingContactEmailParamsSchema = z.object({ email: z.email() });
export const mailingRemoveFromListBodySchema = z.object({ email: z.email(), list: z.enum(MAILING_LISTS) });
export const mailingRemovedSchema = z.object({ removed: z.boolean() });

export const mailingTemplateBodySchema = z.object({
  email: z.email(),
  template: z.enum(MAIL_TEMPLATES),
  /** Only if the contact is on this list (default: on any list). */
  list: z.enum(MAILING_LISTS).optional(),
  values: templateValuesSchema,
});

/** GET /saas/user/email-subscription/update */
export const mailingSubscriptionQuerySchema = z.object({
  token: z.string().regex(/^[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}$/, 'Der Abmeldelink ist unvollständig. Bitte verwenden Sie den ganzen Link aus der E-Mail.'),
  /** Only this list (default: all lists). */
  list: z.enum(MAILING_LISTS).optional(),
  format: z.enum(['html', 'json']).optional(),
});
export const mailingSubscriptionAnswerSchema = z.object({
  email: z.string(),
  lists: z.array(z.enum(MAILING_LISTS)).describe('Listen, auf denen der Kontakt noch steht'),
});

/** GET /client/exists?name= (SPEC §3 "Client-exists check: exists") */
export const clientExistsQuerySchema = z.object({
  name: z.string().trim().min(1).max(200),
  serviceproviderUUID: z.uuid().optional().describe('Nur für admin: der Dienstleister, sonst der eigene'),
});
export const clientExistsSchema = z.object({ exists: z.boolean() });
export type ClientExistsAnswer = z.infer<typeof clientExistsSchema>;
