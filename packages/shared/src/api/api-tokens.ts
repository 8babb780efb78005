/** API tokens and exports of the public API (issue 18). */
import { z } from 'zod';

/** What a token may do; each REST route that accepts tokens names the one scope it needs. */
export const API_TOKEN_SCOPES = ['findings:read', 'changes:read', 'clients:manage'] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

/** German names of the scopes (settings screen, refusals). */
export const API_TOKEN_SCOPE_LABELS: Record<ApiTokenScope, string> = {
  'findings:read': 'Befunde lesen',
  'changes:read': 'Änderungen und Angriffe lesen',
  'clients:manage': 'Kunden verwalten',
};

/** Tokens look like `bwt_` + 43 base64url characters (256 bits). */
export const API_TOKEN_PREFIX = 'bwt_';

export const apiTokenCreateBodySchema = z.object({
  name: z.string().trim().min(1).max(100).describe('Name, an dem Sie das Token wiedererkennen'),
  scopes: z.array(z.enum(API_TOKEN_SCOPES)).min(1).max(API_TOKEN_SCOPES.length).describe('Berechtigungen des Tokens'),
  expiresAt: z.iso.datetime({ offset: true }).nullable().default(null).describe('Ablaufzeitpunkt (ISO 8601); null = läuft nicht ab'),
});
export type ApiTokenCreateBody = z.input<typeof apiTokenCreateBodySchema>;

export const apiTokenSchema = z.object({
  tokenId: z.uuid(),
  name: z.string(),
  prefix: z.string().describe('Die ersten Zeichen des Tokens (das Token selbst wird nicht gespeichert)'),
  scopes: z.array(z.enum(API_TOKEN_SCOPES)),
  createdBy: z.string(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

export const apiTokenListSchema = z.array(apiTokenSchema);
export type ApiTokenList = z.infer<typeof apiTokenListSchema>;

export const apiTokenCreatedSchema = apiTokenSchema.extend({
  token: z.string().describe('Das Token im Klartext – wird nur dieses eine Mal gezeigt'),
});
export type ApiTokenCreated = z.infer<typeof apiTokenCreatedSchema>;

export const EXPORT_FORMATS = ['csv', 'xlsx', 'json'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** What can be exported per client. */
export const EXPORT_KINDS = ['findings', 'affected-objects', 'changes', 'ioas'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

export const exportQuerySchema = z.object({
  format: z.enum(EXPORT_FORMATS).default('csv').describe('csv (UTF-8 mit BOM, Semikolon), xlsx oder json'),
});

export const exportAffectedObjectsQuerySchema = exportQuerySchema.extend({
  check: z.string().min(1).max(200).optional().describe('Nur die Objekte dieser Prüfung (Slug)'),
});

export const exportRangeQuerySchema = exportQuerySchema.extend({
  from: z.iso.datetime({ offset: true }).optional().describe('Nur ab diesem Zeitpunkt (ISO 8601)'),
  to: z.iso.datetime({ offset: true }).optional().describe('Nur bis zu diesem Zeitpunkt (ISO 8601)'),
});
