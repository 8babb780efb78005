import { attributeChangeSchema, changedObjectsSchema, snapshotSchema } from '@burgwall/shared';
import { z } from 'zod';

/** Batch ids are chosen by the collector (a UUID or similar); a resent batch reuses its id. */
export const batchIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9._:-]{8,128}$/, 'Der Wert muss 8 bis 128 Zeichen lang sein und darf nur Buchstaben (A–Z, a–z), Ziffern und . _ : - enthalten.');

export const MAX_CHANGES_PER_BATCH = 50_000;

/** POST …/collector/snapshot. */
export const snapshotUploadSchema = z.object({ batchId: batchIdSchema, snapshot: snapshotSchema });

/** POST …/collector/changes. */
export const changesUploadSchema = z.object({
  batchId: batchIdSchema,
  changes: z.array(attributeChangeSchema).max(MAX_CHANGES_PER_BATCH),
  domainObjectGuid: z
    .string()
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, 'Der Wert muss eine GUID in Kleinbuchstaben sein.')
    .nullish(),
  /** The changed objects in their snapshot form (collectors from issue 14 on): laid over the stored snapshot. */
  objects: changedObjectsSchema.optional(),
});
