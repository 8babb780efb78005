/** Indicators of attack (SPEC §7): the per-client detector settings of /client/{clientUUID}/ioa/thresholds. */
import { z } from 'zod';

/** Severity of an IoA detector, most severe first. */
export const IOA_SEVERITIES = ['critical', 'high', 'medium', 'low', 'info'] as const;
export type IoaSeverity = (typeof IOA_SEVERITIES)[number];
export const ioaSeveritySchema = z.enum(IOA_SEVERITIES);

/** Switch, allowlist and thresholds of one detector. */
export const ioaDetectorSettingSchema = z.object({
  enabled: z.boolean(),
  allowlist: z.array(z.string()),
  thresholds: z.record(z.string(), z.number()),
});
export type IoaDetectorSetting = z.infer<typeof ioaDetectorSettingSchema>;

/** PUT /client/{clientUUID}/ioa/thresholds/{detector}. */
export const ioaDetectorSettingBodySchema = z.object({
  enabled: z.boolean(),
  allowlist: z.array(z.string().trim().min(1).max(1024)).max(500),
  thresholds: z.record(
    z.string().regex(/^[a-zA-Z]+$/, 'Der Name eines Schwellenwerts darf nur Buchstaben enthalten.'),
    z.number().int().min(1).max(100_000),
  ),
});
export type IoaDetectorSettingBody = z.input<typeof ioaDetectorSettingBodySchema>;

/** One detector with its defaults and the client's setting. */
export const ioaDetectorSchema = z.object({
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  severity: ioaSeveritySchema,
  defaults: ioaDetectorSettingSchema,
  setting: ioaDetectorSettingSchema,
});
export type IoaDetector = z.infer<typeof ioaDetectorSchema>;

/** GET /client/{clientUUID}/ioa/thresholds and the answer of PUT …/{detector}: every detector. */
export const ioaDetectorListSchema = z.array(ioaDetectorSchema);
