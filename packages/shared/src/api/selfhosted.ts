/**
 * Self-hosted licences (SPEC §7 /saas/selfhosted, issue 19). The SaaS keeps one licence per self-hosted installation;
 * the installation calls heartbeat and validate with its licence key. Body shapes are not shown in the SPEC; these are
 * ours. The installation's own view of its licence (GET /selfhosted/license) drives the banner and read-only mode.
 */
import { z } from 'zod';
import { isoDateTime } from './common';

export const SELFHOSTED_LICENSE_STATUSES = ['active', 'suspended', 'canceled'] as const;
export type SelfhostedLicenseStatus = (typeof SELFHOSTED_LICENSE_STATUSES)[number];

/** POST /saas/selfhosted/{selfhostedUUID}/heartbeat: what the installation reports. */
export const selfhostedHeartbeatBodySchema = z.object({
  version: z.string().trim().min(1).max(50),
  clientCount: z.number().int().min(0),
  seatsUsed: z.number().int().min(0).describe('Belegte Plätze (Summe der Mitarbeiterzahlen der Kunden)'),
  userCount: z.number().int().min(0),
});
export type SelfhostedHeartbeatBody = z.infer<typeof selfhostedHeartbeatBodySchema>;

export const selfhostedHeartbeatAnswerSchema = z.object({
  received: z.literal(true),
  serverTime: isoDateTime,
});
export type SelfhostedHeartbeatAnswer = z.infer<typeof selfhostedHeartbeatAnswerSchema>;

/** POST /saas/selfhosted/{selfhostedUUID}/validate. */
export const selfhostedValidateBodySchema = z.object({
  version: z.string().trim().min(1).max(50),
});
export type SelfhostedValidateBody = z.infer<typeof selfhostedValidateBodySchema>;

export const selfhostedValidateAnswerSchema = z.object({
  selfhostedUUID: z.string(),
  name: z.string(),
  status: z.enum(SELFHOSTED_LICENSE_STATUSES),
  seats: z.number().int(),
  periodStart: isoDateTime,
  validUntil: isoDateTime.describe('Ende der Laufzeit; danach ist die Installation schreibgeschützt'),
  serverTime: isoDateTime,
});
export type SelfhostedValidateAnswer = z.infer<typeof selfhostedValidateAnswerSchema>;

export const selfhostedParamsSchema = z.object({ selfhostedUUID: z.uuid().describe('ID der Self-hosted-Installation (UUID)') });

/** One licence in the admin list (GET /admin/selfhosted). */
export const selfhostedLicenseSchema = z.object({
  selfhostedUUID: z.string(),
  name: z.string(),
  seats: z.number().int(),
  periodStart: isoDateTime,
  periodEnd: isoDateTime,
  status: z.enum(SELFHOSTED_LICENSE_STATUSES),
  createdAt: isoDateTime,
  keyPrefix: z.string().describe('Die ersten Zeichen des Lizenzschlüssels (zum Wiedererkennen)'),
  lastHeartbeatAt: isoDateTime.nullable(),
  lastValidatedAt: isoDateTime.nullable(),
  version: z.string().nullable(),
  clientCount: z.number().int().nullable(),
  seatsUsed: z.number().int().nullable(),
  userCount: z.number().int().nullable(),
});
export type SelfhostedLicense = z.infer<typeof selfhostedLicenseSchema>;
export const selfhostedLicenseListSchema = z.array(selfhostedLicenseSchema);

const calendarDay = z.iso.date().describe('Kalendertag JJJJ-MM-TT (Europe/Berlin)');

/** POST /admin/selfhosted: a new licence; its key is shown once in the answer. */
export const createSelfhostedLicenseBodySchema = z
  .object({
    name: z.string().trim().min(2).max(200),
    seats: z.number().int().min(1).max(1_000_000),
    periodStart: calendarDay,
    periodEnd: calendarDay,
  })
  .refine((body) => body.periodEnd > body.periodStart, { path: ['periodEnd'], message: 'Das Ende der Laufzeit muss nach ihrem Beginn liegen.' });
export type CreateSelfhostedLicenseBody = z.infer<typeof createSelfhostedLicenseBodySchema>;

export const createSelfhostedLicenseAnswerSchema = z.object({
  license: selfhostedLicenseSchema,
  licenseKey: z.string().describe('Der Lizenzschlüssel im Klartext – wird nur dieses eine Mal angezeigt'),
});
export type CreateSelfhostedLicenseAnswer = z.infer<typeof createSelfhostedLicenseAnswerSchema>;

/** PUT /admin/selfhosted/{selfhostedUUID}: extend, resize, suspend or cancel a licence. */
export const updateSelfhostedLicenseBodySchema = z.object({
  seats: z.number().int().min(1).max(1_000_000),
  periodEnd: calendarDay,
  status: z.enum(SELFHOSTED_LICENSE_STATUSES),
});
export type UpdateSelfhostedLicenseBody = z.infer<typeof updateSelfhostedLicenseBodySchema>;

/**
 * The installation's licence as it knows it (GET /selfhosted/license):
 * - `not-required`: no licence check (the SaaS itself, or no SELFHOSTED_* configuration);
 * - `valid`: validated within the grace period and not expired;
 * - `grace`: the last check failed (SaaS unreachable, …); writes still work until `readOnlyFrom`;
 * - `read-only`: expired, suspended/cancelled, or not validated for longer than the grace period.
 */
export const LICENSE_STATES = ['not-required', 'valid', 'grace', 'read-only'] as const;
export const LICENSE_READ_ONLY_REASONS = ['expired', 'inactive', 'unverified'] as const;
export const licenseStateSchema = z.object({
  state: z.enum(LICENSE_STATES),
  reason: z.enum(LICENSE_READ_ONLY_REASONS).nullable(),
  licenseStatus: z.enum(SELFHOSTED_LICENSE_STATUSES).nullable(),
  seats: z.number().int().nullable(),
  validUntil: isoDateTime.nullable(),
  lastValidatedAt: isoDateTime.nullable().describe('Letzte erfolgreiche Prüfung beim Lizenzserver'),
  lastAttemptAt: isoDateTime.nullable(),
  readOnlyFrom: isoDateTime.nullable().describe('Ab hier schreibgeschützt, wenn die Prüfung bis dahin nicht gelingt'),
  message: z.string().nullable().describe('Deutscher Hinweis für das Banner (null, wenn alles in Ordnung ist)'),
});
export type LicenseState = z.infer<typeof licenseStateSchema>;
