import { z } from 'zod';

export const detectorSettingsSchema = z.object({
  enabled: z.boolean(),
  allowlist: z.array(z.string().trim().min(1).max(1024)).max(500),
  thresholds: z.record(z.string().regex(/^[a-zA-Z]+$/), z.number().int().min(1).max(100_000)),
});
