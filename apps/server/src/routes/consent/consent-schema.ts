import { z } from 'zod';

/** The cookie categories of the banner (SPEC §3); 'necessary' is always accepted. */
export const CONSENT_CATEGORIES = ['necessary', 'functionality', 'analytics'] as const;

const category = z.enum(CONSENT_CATEGORIES);

/** Body of POST /your-endpoint-url (SPEC §7). */
export const consentRecordSchema = z
  .object({
    consentId: z.uuid(),
    acceptType: z.enum(['all', 'necessary', 'custom']),
    acceptedCategories: z.array(category).max(CONSENT_CATEGORIES.length),
    rejectedCategories: z.array(category).max(CONSENT_CATEGORIES.length),
  })
  .strict()
  .refine((body) => body.acceptedCategories.includes('necessary'), {
    message: 'necessary is read-only and always accepted',
    path: ['acceptedCategories'],
  })
  .refine((body) => !body.acceptedCategories.some((name) => body.rejectedCategories.includes(name)), {
    message: 'a category cannot be accepted and rejected at once',
    path: ['rejectedCategories'],
  });

export type ConsentRecordBody = z.infer<typeof consentRecordSchema>;
