import { z } from 'zod';

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const guid = (label: string) => z.string({ error: `${label} fehlt` }).trim().regex(GUID, `${label} muss eine GUID sein (xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx)`);

/** POST /client/{id}/entra/data (SPEC §3 "Save: applicationId, tenantId, certPassword"). */
export const entraDataBody = z.object({
  applicationId: guid('applicationId'),
  tenantId: guid('tenantId'),
  certPassword: z.string({ error: 'certPassword fehlt' }).min(1, 'certPassword darf nicht leer sein').max(256, 'certPassword ist zu lang (höchstens 256 Zeichen)'),
});

export const GRAPH_API_VERSIONS = ['v1.0', 'beta'] as const;

/** POST /admin/graph-explorer/request (SPEC §3 "Graph explorer request: url, client, properties, requestType, apiVersion"). */
export const graphExplorerBody = z.object({
  url: z
    .string({ error: 'url fehlt' })
    .trim()
    .regex(/^\/[A-Za-z0-9]/, 'url muss ein Graph-Pfad sein, der mit / beginnt (z. B. /users)')
    .max(2000, 'url ist zu lang')
    .refine((url) => !url.includes('://') && !url.includes('\\') && !url.includes('..'), 'url darf nur einen Pfad enthalten'),
  client: z.uuid({ error: 'client muss eine Client-UUID sein' }),
  properties: z
    .union([z.array(z.string()), z.string()])
    .optional()
    .transform((value) => (Array.isArray(value) ? value : (value ?? '').split(',')).map((item) => item.trim()).filter(Boolean))
    .refine((items) => items.every((item) => /^[A-Za-z0-9_.@-]+$/.test(item)), 'properties dürfen nur Eigenschaftsnamen enthalten (Buchstaben, Ziffern, _ . @ -)'),
  requestType: z.string({ error: 'requestType fehlt' }).transform((value) => value.toUpperCase()).pipe(z.literal('GET', { error: 'Nur GET-Anfragen sind erlaubt' })),
  apiVersion: z.enum(GRAPH_API_VERSIONS, { error: 'apiVersion muss v1.0 oder beta sein' }),
});
export type GraphExplorerRequest = z.infer<typeof graphExplorerBody>;
