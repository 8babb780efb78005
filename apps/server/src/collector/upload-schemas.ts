import { attributeChangeSchema, snapshotSchema } from '@burgwall/shared';
import { z } from 'zod';

/** Batch ids are chosen by the collector (a UUID or similar); a resent batch reuses its id. */
export const batchIdSchema = z.string().regex(/^[A-Za-z0-9._:-]{8,128}$/, 'must be 8-128 characters of A-Z a-z 0-9 . _ : -');

export const MAX_CHANGES_PER_BATCH = 50_000;

export const snapshotUploadSchema = z.object({ batchId: batchIdSchema, snapshot: snapshotSchema });

export const changesUploadSchema = z.object({
  batchId: batchIdSchema,
  changes: z.array(attributeChangeSchema).max(MAX_CHANGES_PER_BATCH),
  domainObjectGuid: z
    .string()
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, 'must be a lower-case GUID')
    .nullish(),
});

/** 'snapshot.users.3.objectSid: must be a SID string …' for the first few problems. */
export function describeZodError(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`)
    .join('; ');
}
