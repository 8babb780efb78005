import { CRITICALITIES } from '@burgwall/checks';
import { z } from 'zod';

const criticality = z.enum(CRITICALITIES as unknown as ['critical', 'high', 'medium', 'low']);

/** SPEC §3 "IOE update" plus the per-client criticality and threshold settings. */
export const ioeUpdateSchema = z
  .object({
    is_disabled: z.boolean().optional(),
    disabled_reason: z.string().trim().max(200).nullable().optional(),
    disabled_comment: z.string().trim().max(2000).nullable().optional(),
    /** Ignored in favour of the signed-in user; accepted because the SPEC shape carries it. */
    disabled_user_uid: z.string().uuid().nullable().optional(),
    criticality: criticality.nullable().optional(),
    thresholds: z.record(z.string(), z.number().finite()).optional(),
  })
  .strict()
  .refine((body) => Object.keys(body).some((key) => key !== 'disabled_user_uid'), { message: 'nothing to update' })
  .refine((body) => body.is_disabled !== true || (body.disabled_reason ?? '').length > 0, {
    message: 'disabled_reason is required when is_disabled is true',
    path: ['disabled_reason'],
  });
export type IoeUpdate = z.infer<typeof ioeUpdateSchema>;

export const exceptionCreateSchema = z
  .object({
    objectKey: z.string().min(1).max(500),
    reason: z.string().trim().min(3, 'reason must have at least 3 characters').max(200),
    comment: z.string().trim().max(2000).nullable().optional(),
    /** Date (YYYY-MM-DD) after which the exception no longer applies. */
    expiresAt: z.iso.date().nullable().optional(),
  })
  .strict();

export const findingsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(5000).default(500),
  offset: z.coerce.number().int().min(0).default(0),
});

export function zodMessage(error: z.ZodError, what: string): string {
  return `Invalid ${what} – ${error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`).join('; ')}`;
}
