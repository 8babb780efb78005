/** The SIEM feed of a provider: syslog (RFC 5424) over TCP or TLS with CEF or JSON payloads (issue 18). */
import { z } from 'zod';

export const SIEM_TRANSPORTS = ['tcp', 'tls'] as const;
export const SIEM_FORMATS = ['cef', 'json'] as const;
export const SIEM_TRANSPORT_LABELS: Record<(typeof SIEM_TRANSPORTS)[number], string> = { tcp: 'TCP', tls: 'TLS (verschlüsselt)' };
export const SIEM_FORMAT_LABELS: Record<(typeof SIEM_FORMATS)[number], string> = { cef: 'CEF (ArcSight, QRadar, Sentinel …)', json: 'JSON' };

/** A host name or IP address, without scheme, port or path. */
const hostSchema = z
  .string()
  .trim()
  .min(1, 'Bitte geben Sie den Host des Syslog-Servers an.')
  .max(253)
  .regex(/^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9]([A-Za-z0-9.:-]*[A-Za-z0-9])?)$/, 'Bitte nur den Hostnamen oder die IP-Adresse angeben (ohne https:// und ohne Port).');

export const siemDestinationBodySchema = z
  .object({
    host: hostSchema,
    port: z.number().int().min(1).max(65535),
    transport: z.enum(SIEM_TRANSPORTS),
    format: z.enum(SIEM_FORMATS),
    caCertificate: z
      .string()
      .trim()
      .max(20_000)
      .nullable()
      .default(null)
      .transform((value) => (value ? value : null))
      .describe('PEM der Zertifizierungsstelle des Syslog-Servers (nur TLS); leer = die üblichen vertrauenswürdigen Stellen'),
  })
  .superRefine((body, ctx) => {
    if (body.caCertificate && !body.caCertificate.includes('-----BEGIN CERTIFICATE-----')) {
      ctx.addIssue({ code: 'custom', path: ['caCertificate'], message: 'Das CA-Zertifikat muss im PEM-Format vorliegen (-----BEGIN CERTIFICATE-----).' });
    }
    if (body.caCertificate && body.transport !== 'tls') {
      ctx.addIssue({ code: 'custom', path: ['caCertificate'], message: 'Ein CA-Zertifikat gibt es nur bei der Übertragung über TLS.' });
    }
  });
export type SiemDestinationBody = z.input<typeof siemDestinationBodySchema>;

export const siemDeliverySchema = z.object({
  id: z.string(),
  event: z.enum(['test', 'ioa', 'finding']),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SiemDelivery = z.infer<typeof siemDeliverySchema>;

export const siemDestinationSchema = z.object({
  host: z.string(),
  port: z.number(),
  transport: z.enum(SIEM_TRANSPORTS),
  format: z.enum(SIEM_FORMATS),
  caCertificate: z.string().nullable(),
  updatedAt: z.string(),
  lastDelivery: siemDeliverySchema.nullable(),
});
export type SiemDestination = z.infer<typeof siemDestinationSchema>;

/** GET answer: null until the provider configured a destination. */
export const siemSettingsSchema = z.object({ destination: siemDestinationSchema.nullable() });
export type SiemSettings = z.infer<typeof siemSettingsSchema>;
