/** Cloud identity (Entra ID) connection of a client and the admin Graph explorer (SPEC §3, §7). */
import { z } from 'zod';
import { chosenUuid, isoDateTime } from './common';

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const guid = z.string().trim().max(36).regex(GUID, 'Der Wert muss eine GUID sein (xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx).');

/** POST /client/{clientUUID}/entra/data (SPEC §3 "Save: applicationId, tenantId, certPassword"). */
export const entraDataBodySchema = z.object({
  applicationId: guid,
  tenantId: guid,
  certPassword: z.string().min(1).max(256),
});
export type EntraDataBody = z.input<typeof entraDataBodySchema>;

export const ENTRA_STATUSES = ['unconfigured', 'unvalidated', 'valid', 'invalid'] as const;

/** GET /client/{clientUUID}/entra/data: never the password or the key. */
export const entraConnectionSchema = z.object({
  applicationId: z.string().nullable(),
  tenantId: z.string().nullable(),
  status: z.enum(ENTRA_STATUSES),
  statusMessage: z.string().nullable(),
  validatedAt: isoDateTime.nullable(),
  certPasswordSet: z.boolean(),
  certificateCreated: z.boolean(),
  /** The last collection through Microsoft Graph (a job after validation, on "Jetzt neu auswerten", every 6 h). */
  collection: z
    .object({
      at: isoDateTime,
      status: z.enum(['ok', 'failed']),
      message: z.string().nullable(),
    })
    .nullable(),
});
export type EntraConnection = z.infer<typeof entraConnectionSchema>;

export const entraDataAnswerSchema = z.object({ message: z.string(), data: entraConnectionSchema });
export type EntraDataAnswer = z.infer<typeof entraDataAnswerSchema>;

/** GET /client/{clientUUID}/entra/validate. */
export const entraValidationSchema = z.object({ status: z.enum(['valid', 'invalid']), message: z.string() });
export type EntraValidation = z.infer<typeof entraValidationSchema>;

export const GRAPH_API_VERSIONS = ['v1.0', 'beta'] as const;

/** POST /admin/graph-explorer/request (SPEC §3 "Graph explorer request: url, client, properties, requestType, apiVersion"). */
export const graphExplorerBodySchema = z.object({
  url: z
    .string()
    .trim()
    .regex(/^\/[A-Za-z0-9]/, 'Der Wert muss ein Graph-Pfad sein, der mit / beginnt (z. B. /users).')
    .max(2000)
    .refine((url) => !url.includes('://') && !url.includes('\\') && !url.includes('..'), 'Der Wert darf nur einen Pfad der Graph-API enthalten, ohne Adresse eines Servers und ohne „..“.'),
  client: chosenUuid('Bitte wählen Sie einen Kunden.'),
  properties: z
    .union([z.array(z.string()), z.string()])
    .optional()
    .transform((value) => (Array.isArray(value) ? value : (value ?? '').split(',')).map((item) => item.trim()).filter(Boolean))
    .refine((items) => items.every((item) => /^[A-Za-z0-9_.@-]+$/.test(item)), 'Der Wert darf nur Eigenschaftsnamen enthalten (Buchstaben, Ziffern, _ . @ -).'),
  requestType: z
    .string()
    .transform((value) => value.toUpperCase())
    .pipe(z.literal('GET', { error: 'Nur GET-Anfragen sind erlaubt.' })),
  apiVersion: z.enum(GRAPH_API_VERSIONS),
});
export type GraphExplorerBody = z.input<typeof graphExplorerBodySchema>;
export type GraphExplorerRequest = z.output<typeof graphExplorerBodySchema>;

/** Answer of the Graph explorer: a summary line and Graph's answer (JSON, or text when Graph sent no JSON). */
export const graphExplorerAnswerSchema = z.object({ message: z.string(), data: z.unknown() });
export type GraphExplorerAnswer = z.infer<typeof graphExplorerAnswerSchema>;
