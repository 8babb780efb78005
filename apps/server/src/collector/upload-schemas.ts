import { attributeChangeSchema, changedObjectsSchema, SNAPSHOT_MAX_PARTS, snapshotHeadSchema, snapshotSchema } from '@burgwall/shared';
import { z } from 'zod';

/** Batch ids are chosen by the collector (a UUID or similar); a resent batch reuses its id. */
export const batchIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9._:-]{8,128}$/, 'Der Wert muss 8 bis 128 Zeichen lang sein und darf nur Buchstaben (A–Z, a–z), Ziffern und . _ : - enthalten.');

export const MAX_CHANGES_PER_BATCH = 50_000;

/** POST …/collector/snapshot. */
export const snapshotUploadSchema = z.object({ batchId: batchIdSchema, snapshot: snapshotSchema });

/** POST …/collector/snapshots: begin an upload in parts with the snapshot's head (no object lists). */
export const snapshotBeginSchema = z.object({ batchId: batchIdSchema, head: snapshotHeadSchema });

/** A part's number: 1 … SNAPSHOT_MAX_PARTS. */
const partNumberSchema = z
  .number()
  .int('Die Teilnummer muss eine ganze Zahl sein.')
  .min(1, 'Die Teilnummer muss mindestens 1 sein.')
  .max(SNAPSHOT_MAX_PARTS, `Die Teilnummer darf höchstens ${SNAPSHOT_MAX_PARTS.toLocaleString('de-DE')} sein.`);

/** …/collector/snapshots/{batchId}/… */
export const snapshotBatchParamsSchema = z.object({ clientUUID: z.string(), batchId: batchIdSchema });
/** PUT …/collector/snapshots/{batchId}/parts/{partNo}. */
export const snapshotPartParamsSchema = snapshotBatchParamsSchema.extend({ partNo: z.coerce.number().pipe(partNumberSchema) });

/** POST …/collector/snapshots/{batchId}/commit: how many parts the upload has (parts 1 … partCount must all be there). */
export const snapshotCommitSchema = z.object({ partCount: partNumberSchema.describe('Anzahl der Teile; die Teile 1 bis partCount müssen angekommen sein') });

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
