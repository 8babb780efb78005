import { z } from 'zod';

/**
 * RFC 9457 problem details: the one shape of every 4xx/5xx answer of the REST API (`application/problem+json`).
 * `detail` and each `errors[].message` are German sentences a user can act on.
 */
export const problemSchema = z
  .object({
    type: z.string().describe('URI des Fehlertyps, z. B. urn:burgwall:problem:validation'),
    title: z.string().describe('Kurzer deutscher Titel des Fehlertyps'),
    status: z.number().int(),
    detail: z.string().describe('Deutscher Satz, was falsch ist und was zu tun ist'),
    instance: z.string().optional(),
    requestId: z.string().optional().describe('Kennung der Anfrage im Server-Protokoll (bei 5xx)'),
    errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  })
  .meta({ id: 'Problem' });

export type Problem = z.infer<typeof problemSchema>;
