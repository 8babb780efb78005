import { z } from 'zod';

/** The id of a tenant or record: a canonical UUID. */
export const uuidSchema = z.uuid();

/**
 * The id of a record picked from a list (a client in a select): left empty it asks for the choice (`whenEmpty`, shown
 * under the form's select), any other wrong value gets the usual „… muss eine gültige UUID sein.“
 */
export function chosenUuid(whenEmpty: string) {
  return z.uuid({ error: (issue) => (issue.input === '' ? whenEmpty : undefined) });
}

/** `{ message }` answers of SPEC §7 calls that return only an id or a confirmation. */
export const messageSchema = z.object({ message: z.string() });
export type MessageAnswer = z.infer<typeof messageSchema>;

/** Path parameters of the client scope. */
export const clientParamsSchema = z.object({ clientUUID: z.string() });
/** Path parameters of the provider scope. */
export const providerParamsSchema = z.object({ serviceproviderUUID: z.string() });

/** An ISO 8601 time stamp as the API answers it. */
export const isoDateTime = z.string().describe('Zeitpunkt nach ISO 8601');

/** Body of a POST/PUT without content: nothing (Fastify hands the validator null), or an empty object (no fields allowed). */
export const noBodySchema = z.strictObject({}).nullish();
