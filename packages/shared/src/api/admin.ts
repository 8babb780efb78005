/** Admin area (SPEC §6 /admin): provider list, check registry and the collector logs of all clients. */
import { z } from 'zod';
import { criticalitySchema } from './ioe';
import { isoDateTime } from './common';

/** GET /admin/serviceprovider: every provider with its number of clients. */
export const adminProviderSchema = z.object({
  serviceproviderId: z.string(),
  serviceproviderName: z.string(),
  serviceproviderAddress: z.string().nullable(),
  subscriptionStatus: z.string(),
  clientCount: z.number().int(),
  createdAt: isoDateTime,
});
export type AdminProvider = z.infer<typeof adminProviderSchema>;
export const adminProviderListSchema = z.array(adminProviderSchema);

/** One threshold of a check (its settings field). */
export const checkThresholdSchema = z.object({
  key: z.string(),
  label: z.string(),
  unit: z.string(),
  default: z.number(),
  min: z.number(),
  max: z.number(),
});

/** One check of the registry with its global defaults. */
export const checkDefinitionSchema = z.object({
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  whyItMatters: z.string(),
  remediation: z.array(z.string()),
  category: z.string(),
  criticality: z.enum(['critical', 'high', 'medium', 'low']),
  scoreImpact: z.number(),
  directory: z.enum(['ad', 'entra', 'hybrid']),
  thresholds: z.array(checkThresholdSchema),
});
export type CheckDefinitionView = z.infer<typeof checkDefinitionSchema>;
export const checkDefinitionListSchema = z.array(checkDefinitionSchema);

/** One collector log in the admin lists. */
export const adminLogRowSchema = z.object({
  clientId: z.string(),
  clientName: z.string(),
  providerId: z.string(),
  providerName: z.string(),
  logId: z.string(),
  logName: z.string(),
  bytes: z.number().int(),
  receivedAt: isoDateTime,
});
export type AdminLogRow = z.infer<typeof adminLogRowSchema>;

/** GET /admin/logs: one keyset page, newest first. */
export const adminLogPageSchema = z.object({
  items: z.array(adminLogRowSchema),
  nextCursor: z.string().nullable().describe('Für die nächste Seite als ?cursor= senden; null auf der letzten Seite'),
});
export type AdminLogPage = z.infer<typeof adminLogPageSchema>;

/** GET /admin/logs/{clientUUID}/{logId}: one log with its text. */
export const adminLogDetailSchema = adminLogRowSchema.extend({ content: z.string() });
export type AdminLogDetail = z.infer<typeof adminLogDetailSchema>;

/** GET /admin/logs/filters: clients and providers for the filter selects. */
export const adminLogFilterOptionsSchema = z.object({
  clients: z.array(z.object({ clientId: z.string(), clientName: z.string(), providerId: z.string() })),
  providers: z.array(z.object({ providerId: z.string(), providerName: z.string() })),
});
export type AdminLogFilterOptions = z.infer<typeof adminLogFilterOptionsSchema>;

export const ADMIN_LOG_LEVELS = ['error', 'warn'] as const;
export type AdminLogLevel = (typeof ADMIN_LOG_LEVELS)[number];

/** Query parameters of GET /admin/logs as the web sends them (dates as DD.MM.YYYY or ISO 8601, as typed). */
export interface AdminLogFilter {
  clientId?: string;
  provider?: string;
  level?: AdminLogLevel;
  from?: string;
  to?: string;
  q?: string;
}

const uuidFilter = z.uuid('Die ID muss eine gültige UUID sein.').optional();

/** GET /admin/findings filters (SPEC: the cross-tenant findings view); every one optional. */
export const adminFindingsQuerySchema = z.object({
  serviceproviderUUID: uuidFilter.describe('Nur Kunden dieses Dienstleisters'),
  clientUUID: uuidFilter.describe('Nur dieser Kunde'),
  check: z.string().trim().min(1).max(200).optional().describe('Kennung (slug) der Prüfung'),
  criticality: criticalitySchema.optional().describe('Wirksame Kritikalität (mit der Einstellung des Kunden)'),
});
export type AdminFindingsQuery = z.infer<typeof adminFindingsQuerySchema>;

/** One check with open findings at one client. */
export const adminFindingRowSchema = z.object({
  serviceproviderId: z.string(),
  serviceproviderName: z.string(),
  clientId: z.string(),
  clientName: z.string(),
  check: z.string(),
  title: z.string(),
  criticality: criticalitySchema,
  findingsCount: z.number().int(),
  exceptionsCount: z.number().int(),
  lastEvaluatedAt: isoDateTime.nullable(),
});
export type AdminFindingRow = z.infer<typeof adminFindingRowSchema>;

/** GET /admin/findings: the rows, most critical first, and the filter choices. */
export const adminFindingsAnswerSchema = z.object({
  findings: z.array(adminFindingRowSchema),
  clients: z.array(z.object({ clientId: z.string(), clientName: z.string(), serviceproviderId: z.string() })),
  checks: z.array(z.object({ slug: z.string(), title: z.string() })),
});
export type AdminFindingsAnswer = z.infer<typeof adminFindingsAnswerSchema>;
