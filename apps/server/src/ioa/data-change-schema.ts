import { z } from 'zod';

const uuid = z.uuid();
/** A tenant id: any spelling of a UUID, compared in lower case as the database stores it. */
const tenantId = z.uuid().transform((value) => value.toLowerCase());
const bigintId = z
  .union([z.number().int().positive(), z.string().regex(/^\d+$/, 'Der Wert muss eine positive ganze Zahl sein.')])
  .transform(String);

/** One row of the client `change` table as an event trigger delivers it (SPEC §3 "Database change event"). */
export const changeEventRowSchema = z.object({
  rep_id_pk: bigintId,
  computer_fk: uuid.nullable().default(null),
  group_fk: uuid.nullable().default(null),
  user_fk: uuid.nullable().default(null),
  is_ioa: z.boolean().default(false),
  is_ioe: z.boolean().default(false),
  new_value: z.string().nullable(),
  old_value: z.string().nullable(),
  property_name: z.string().min(1),
  timestamp: z.iso.datetime({ offset: true }),
  domains_object_guid_fk: uuid.nullable().default(null),
  client_uuid: tenantId,
  serviceprovider_uuid: tenantId.nullable().default(null),
  // The trigger sends every column: with these the change can be stored if this server has not seen it yet.
  object_guid: uuid.optional(),
  object_class: z.string().min(1).optional(),
  distinguished_name: z.string().min(1).optional(),
  usn: z.union([z.number().int().nonnegative(), z.string().regex(/^\d+$/, 'Der Wert muss eine ganze Zahl sein.')]).transform(Number).optional(),
});
export type ChangeEventRow = z.infer<typeof changeEventRowSchema>;

export const dataChangeEventSchema = z.object({
  created_at: z.iso.datetime({ offset: true, local: true }),
  delivery_info: z.object({ current_retry: z.number().int().nonnegative(), max_retries: z.number().int().nonnegative() }),
  id: z.string().min(1),
  trigger: z.object({ name: z.string().min(1) }),
  table: z.object({ name: z.literal('change'), schema: z.string().min(1) }),
  event: z.object({
    op: z.enum(['INSERT', 'UPDATE', 'DELETE', 'MANUAL']),
    data: z.object({ old: z.unknown().nullable().default(null), new: changeEventRowSchema.nullable() }),
  }),
});
export type DataChangeEvent = z.infer<typeof dataChangeEventSchema>;

/** Answer of POST /services/ioe/data-change. */
export const dataChangeAnswerSchema = z.object({
  message: z.string().describe('Die ID des Ereignisses'),
  changeId: z.string().nullable().describe('Die ID der gespeicherten Änderung auf diesem Server (neu oder vorhanden)'),
  stored: z.boolean(),
  ioaEvents: z.number(),
  score: z.number().nullable().optional().describe('Score nach erneuter Auswertung, wenn die Änderung IoE-relevant war'),
});
export type DataChangeAnswer = z.infer<typeof dataChangeAnswerSchema>;
