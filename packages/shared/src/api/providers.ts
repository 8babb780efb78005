/** Service providers (SPEC §3 "Service provider", §7): sign-up, provider view, client cards, white label, e-mail settings. */
import { z } from 'zod';
import { CLIENT_MODES, BILLING_CYCLES } from './clients';
import { isoDateTime } from './common';

const PHONE_PATTERN = /^[\d\s+()/-]*$/;
const PHONE_MESSAGE = 'Die Telefonnummer darf nur Ziffern, Leerzeichen und + ( ) / - enthalten.';

/** POST /serviceprovider (SPEC §3 "Create service provider", also the /register form). */
export const createProviderBodySchema = z.object({
  companyName: z.string().trim().min(2).max(200),
  initialAccountFirstname: z.string().trim().min(1).max(100),
  initialAccountLastname: z.string().trim().min(1).max(100),
  initialAccountEmail: z.email().transform((email) => email.trim()),
  /** The box „Ich möchte den Burgwall-Newsletter erhalten“ of /register (off unless ticked). */
  newsletterConsent: z.boolean().optional(),
});
export type CreateProviderBody = z.input<typeof createProviderBodySchema>;

export const createProviderAnswerSchema = z.object({
  message: z.string().describe('Die ID des neuen Dienstleisters'),
  invitationSent: z.boolean().describe('Ob die Einladung an den ersten Benutzer versendet wurde'),
});
export type CreateProviderAnswer = z.infer<typeof createProviderAnswerSchema>;

/** GET /serviceprovider/{id}: the provider as the web shows it (SPEC §3 service-provider API shape). */
export const providerViewSchema = z.object({
  serviceproviderId: z.string(),
  serviceproviderName: z.string(),
  serviceproviderAddress: z.string().nullable(),
  whitelabel: z.object({
    companyName: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    hasLogo: z.boolean(),
    isActive: z.boolean(),
  }),
  quickcheck: z.object({ origin: z.string().nullable(), privacy: z.string().nullable() }),
  customEmail: z.object({ enabled: z.boolean() }),
  clientCount: z.number(),
  license: z.object({ subscriptionStatus: z.string(), freeSeats: z.number(), mode: z.string() }),
  reseller: z.object({ isCreatedByReseller: z.boolean(), id: z.string().nullable(), resellerInvoiced: z.boolean() }),
});
export type ProviderView = z.infer<typeof providerViewSchema>;

export const HEALTH_COLOURS = ['green', 'red', 'secondary'] as const;
const healthStatus = z.enum(['healthy', 'unhealthy']).nullable();

/** Collector health of a client (SPEC §4): per timestamp and overall colour. */
export const collectorHealthSchema = z.object({ data: healthStatus, replication: healthStatus, colour: z.enum(HEALTH_COLOURS) });
export type CollectorHealth = z.infer<typeof collectorHealthSchema>;

/** German words for the collector's overall health and the billing cycle (client cards and the client list export). */
export const COLLECTOR_HEALTH_LABELS: Record<(typeof HEALTH_COLOURS)[number], string> = {
  green: 'Collector aktiv',
  red: 'Collector meldet sich nicht',
  secondary: 'Noch keine Collector-Daten',
};
export const BILLING_CYCLE_LABELS: Record<(typeof BILLING_CYCLES)[number], string> = { monthly: 'monatlich', yearly: 'jährlich' };

/** GET /serviceprovider/{id}/clients?mode=…: filter of the client list. */
export const clientCardsQuerySchema = z.object({ mode: z.enum(CLIENT_MODES).optional() });

/** One card of the client list (SPEC §3 "List card" plus grade and collector health). */
export const clientCardSchema = z.object({
  id: z.string(),
  type: z.literal('client'),
  title: z.string(),
  address: z.string().nullable(),
  initials: z.string(),
  securityScore: z.number(),
  grade: z.string(),
  backgroundColour: z.enum(['green', 'yellow', 'red', 'neutral']),
  subscriptionEnd: isoDateTime.nullable(),
  employeeCount: z.number().nullable(),
  billingCycle: z.enum(BILLING_CYCLES),
  mode: z.enum(CLIENT_MODES),
  subscriptionStatus: z.string(),
  collectorHealth: collectorHealthSchema,
  createdAt: isoDateTime,
});
export type ClientCard = z.infer<typeof clientCardSchema>;
export const clientCardsSchema = z.array(clientCardSchema);

/** Orders of the client list page (the monitoring and audit pages' „Sortierung“). */
const CLIENT_CARD_SORTS = ['name', 'score-asc', 'score-desc', 'newest'] as const;
export type ClientCardSort = (typeof CLIENT_CARD_SORTS)[number];
/** Cards per page the client list offers. */
export const CLIENT_CARD_PAGE_SIZES = [24, 48, 96] as const;

/** GET /serviceprovider/{id}/clients/page: one page of the client list, searched and sorted by the server. */
export const clientCardPageQuerySchema = z
  .object({
    mode: z.enum(CLIENT_MODES).optional().describe('Nur Kunden dieses Modus (monitoring, audit, quickcheck)'),
    q: z.string().trim().max(200).optional().describe('Nur Kunden, deren Name oder Standort diesen Text enthält'),
    sort: z.enum(CLIENT_CARD_SORTS).default('name').describe('Reihenfolge: name, score-asc, score-desc, newest'),
    limit: z.coerce.number().int().min(1).max(100).default(24).describe('Karten je Seite (höchstens 100)'),
    offset: z.coerce.number().int().min(0).default(0).describe('Übersprungene Karten'),
  })
  .strict();
export type ClientCardPageQuery = z.output<typeof clientCardPageQuerySchema>;

export const clientCardPageSchema = z.object({
  cards: z.array(clientCardSchema),
  /** Clients that match the search (all pages). */
  total: z.number().int(),
  /** Clients of the mode without the search: tells „Noch keine Kunden“ from „Keine Treffer“. */
  totalWithoutSearch: z.number().int(),
});
export type ClientCardPage = z.infer<typeof clientCardPageSchema>;

/** GET /serviceprovider/{id}/clients/{clientId}/status. */
export const clientStatusSchema = z.object({
  status: z.enum(['healthy', 'unhealthy', 'unknown']),
  initialized: z.boolean(),
  mode: z.enum(CLIENT_MODES),
  collectorHealth: collectorHealthSchema,
});
export type ClientStatus = z.infer<typeof clientStatusSchema>;

/** POST /serviceprovider/{id}/whitelabel. */
export const whitelabelBodySchema = z.object({
  companyName: z.string().trim().max(200),
  email: z.union([z.email(), z.literal('')]),
  phone: z.string().trim().max(50).regex(PHONE_PATTERN, PHONE_MESSAGE),
  isActive: z.boolean().optional(),
});
export type WhitelabelBody = z.input<typeof whitelabelBodySchema>;

export const LOGO_MAX_BYTES = 512 * 1024;
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

/** POST /serviceprovider/{id}/whitelabel/logo: multipart/form-data with one file part (documentation of the form). */
export const logoUploadBodySchema = z
  .object({ logo: z.string().meta({ format: 'binary' }).describe('Das Logo: PNG, JPEG oder WebP, höchstens 512 KB') })
  .describe('multipart/form-data mit dem Dateifeld „logo“');

export const logoUploadAnswerSchema = z.object({
  message: z.string().describe('Die ID des Dienstleisters'),
  hasLogo: z.literal(true),
  type: z.enum(LOGO_TYPES),
  size: z.number().describe('Größe in Bytes'),
});
export type LogoUploadAnswer = z.infer<typeof logoUploadAnswerSchema>;

/** POST /serviceprovider/{id}/quickcheck/settings (body and answer). */
export const quickcheckSettingsSchema = z.object({
  origin: z.union([z.url(), z.literal('')]),
  privacy: z.union([z.url(), z.literal('')]),
});
export type QuickcheckSettings = z.infer<typeof quickcheckSettingsSchema>;

/** Body of POST /serviceprovider/{id}/email/settings (SPEC §3 "Custom email settings"). Empty secrets keep the stored ones. */
export const emailSettingsBodySchema = z
  .object({
    enabled: z.boolean(),
    settings: z.object({
      host: z.string().trim().max(255).default(''),
      port: z.coerce.number().int().min(1).max(65_535).default(587),
      authMethod: z.enum(['basic', 'oauth2', 'none']).default('basic'),
      basicAuth: z.object({ user: z.string().trim().max(255).default(''), password: z.string().max(1024).optional() }).default({ user: '' }),
      oauth2Auth: z
        .object({
          tenantId: z.string().trim().max(255).optional(),
          clientId: z.string().trim().max(255).optional(),
          clientSecret: z.string().max(2048).optional(),
          tokenUrl: z.union([z.url().max(2048), z.literal('')], { error: 'Der Wert muss eine gültige URL sein.' }).optional(),
          scope: z.string().trim().max(1024).optional(),
          accessToken: z.string().max(8192).optional(),
        })
        .default({}),
      secure: z.boolean().default(false),
      fromName: z.string().trim().max(255).default(''),
      fromAddress: z.union([z.email().max(254), z.literal('')], { error: 'Der Wert muss eine gültige E-Mail-Adresse sein.' }).default(''),
      template1Html: z.string().max(100_000).default(''),
      template2Html: z.string().max(100_000).default(''),
      subject1: z.string().trim().max(255).default(''),
      subject2: z.string().trim().max(255).default(''),
    }),
  })
  .superRefine((body, context) => {
    if (!body.enabled) return;
    if (!body.settings.host) context.addIssue({ code: 'custom', path: ['settings', 'host'], message: 'Bitte geben Sie den SMTP-Server an.' });
    if (!body.settings.fromAddress) {
      context.addIssue({ code: 'custom', path: ['settings', 'fromAddress'], message: 'Bitte geben Sie die Absenderadresse an.' });
    }
  });
export type EmailSettingsBody = z.input<typeof emailSettingsBodySchema>;

/** What the API returns of the e-mail settings: never a secret, only whether one is stored. */
export const emailSettingsViewSchema = z.object({
  enabled: z.boolean(),
  settings: z.object({
    host: z.string(),
    port: z.number(),
    authMethod: z.enum(['basic', 'oauth2', 'none']),
    basicAuth: z.object({ user: z.string(), passwordSet: z.boolean() }),
    oauth2Auth: z.object({
      tenantId: z.string(),
      clientId: z.string(),
      clientSecretSet: z.boolean(),
      tokenUrl: z.string(),
      scope: z.string(),
      accessTokenSet: z.boolean(),
    }),
    secure: z.boolean(),
    fromName: z.string(),
    fromAddress: z.string(),
    template1Html: z.string(),
    template2Html: z.string(),
    subject1: z.string(),
    subject2: z.string(),
  }),
});
export type EmailSettingsView = z.infer<typeof emailSettingsViewSchema>;

/** POST /serviceprovider/{id}/email/test: which template, and to whom (default: the caller). The body may be left out. */
export const emailTestBodySchema = z
  .object({
    template: z.coerce.number().int().min(1).max(2).default(1),
    to: z.email('Die Empfängeradresse muss eine gültige E-Mail-Adresse sein.').optional(),
  })
  .nullish();
export type EmailTestBody = z.input<typeof emailTestBodySchema>;

/** GET /services/email/well-known-services (SPEC §3 "Well-known email service"). */
export const wellKnownEmailServiceSchema = z.object({
  name: z.string(),
  displayName: z.string(),
  config: z.object({ host: z.string(), port: z.number(), secure: z.boolean() }),
});
export type WellKnownEmailService = z.infer<typeof wellKnownEmailServiceSchema>;

/** GET /admin/email/status: platform mail switch, whether SMTP is configured, and the billing mode. */
export const emailStatusSchema = z.object({ status: z.boolean(), smtpConfigured: z.boolean(), billingMode: z.string() });
export type EmailStatus = z.infer<typeof emailStatusSchema>;

/** POST /admin/email/status (body and answer). */
export const emailStatusBodySchema = z.object({ status: z.boolean() });
export type EmailStatusBody = z.infer<typeof emailStatusBodySchema>;
