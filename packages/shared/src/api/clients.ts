/** Client lifecycle, licence and contact (SPEC §3 "Client", §7 "Client API"): bodies and answers. */
import { z } from 'zod';
import { isoDateTime } from './common';

export const BILLING_CYCLES = ['monthly', 'yearly'] as const;
export const CLIENT_MODES = ['monitoring', 'audit', 'quickcheck'] as const;

const employeeCount = z.coerce.number().int().min(1).max(1_000_000);
const clientName = z.string().trim().min(1).max(200);

/** POST /client/new (SPEC §3 "Create client by provider"). */
export const createClientBodySchema = z.object({
  name: clientName,
  location: z.string().trim().max(300).optional().default(''),
  employeeCount,
  billingCycle: z.enum(BILLING_CYCLES).default('monthly'),
  mode: z.enum(['monitoring', 'audit']).default('monitoring'),
  internalAd: z.boolean().default(true),
});
export type CreateClientBody = z.input<typeof createClientBodySchema>;

export const createClientAnswerSchema = z.object({ message: z.string().describe('Die ID des neuen Kunden'), price: z.string() });
export type CreateClientAnswer = z.infer<typeof createClientAnswerSchema>;

/** POST /admin/client/new (SPEC §3 "Create client as admin"). */
export const adminCreateClientBodySchema = z.object({
  name: clientName,
  location: z.string().trim().max(300).optional().default(''),
  employeeCount,
  mode: z.enum(['monitoring', 'audit']).default('monitoring'),
  serviceproviderUUID: z.uuid(),
});
export type AdminCreateClientBody = z.input<typeof adminCreateClientBodySchema>;

/** POST /client/quickcheck/new (SPEC §3 "Quick-check client"). */
export const quickcheckClientBodySchema = z.object({
  name: clientName,
  company: z.string().trim().min(1).max(200),
  email: z.email(),
  serviceproviderUUID: z.uuid(),
  phone: z.string().trim().max(50).optional().default(''),
});
export type QuickcheckClientBody = z.input<typeof quickcheckClientBodySchema>;

export const quickcheckClientAnswerSchema = z.object({
  message: z.string().describe('Die ID des neuen Kunden'),
  invitationSent: z.boolean(),
  invitationError: z.string().optional(),
});
export type QuickcheckClientAnswer = z.infer<typeof quickcheckClientAnswerSchema>;

export const employeeCountBodySchema = z.object({ employeeCount });
export type EmployeeCountBody = z.input<typeof employeeCountBodySchema>;

export const contactBodySchema = z.object({
  email: z.union([z.email(), z.literal('')]),
  name: z.string().trim().max(200),
  phone: z
    .string()
    .trim()
    .max(50)
    .regex(/^[\d\s+()/-]*$/, 'Die Telefonnummer darf nur Ziffern, Leerzeichen und + ( ) / - enthalten.'),
});
export type ContactBody = z.input<typeof contactBodySchema>;

export const contactSchema = z.object({
  client_admin_email: z.string().nullable(),
  client_emergency_contact_name: z.string().nullable(),
  client_emergency_contact_phone: z.string().nullable(),
});
export type Contact = z.infer<typeof contactSchema>;

/** The client entity of SPEC §3 (what the web keeps as "current client"). */
export const clientDetailsSchema = z.object({
  client_id_pk: z.string(),
  client_name: z.string(),
  client_address: z.string().nullable(),
  client_mode: z.string(),
  client_initialized: z.boolean(),
  client_billing_cycle: z.enum(BILLING_CYCLES),
  client_subscription_end: isoDateTime.nullable(),
  client_reported_employee_count: z.number().nullable(),
  client_security_score: z.number(),
  serviceproviderId: z.string(),
  client_license: z.object({ employeeCount: z.number(), freeSeats: z.number(), subscriptionStatus: z.string() }),
  domain: z.object({ adConnected: z.boolean(), entraConnected: z.boolean() }),
});
export type ClientDetails = z.infer<typeof clientDetailsSchema>;

export const clientLicenseSchema = z.object({
  employeeCount: z.number(),
  subscriptionStatus: z.string(),
  freeSeats: z.number(),
  currentPeriodEnd: isoDateTime.nullable(),
  cancelAtPeriodEnd: z.boolean(),
  billingCycle: z.enum(BILLING_CYCLES),
  mode: z.string(),
  price: z.string(),
});
export type ClientLicense = z.infer<typeof clientLicenseSchema>;

export const licenseCancelAnswerSchema = z.object({ message: z.string(), subscriptionEnd: isoDateTime });
export type LicenseCancelAnswer = z.infer<typeof licenseCancelAnswerSchema>;

export const installerLicenseSchema = z.object({ subscriptionStatus: z.string(), mode: z.string(), sleepForMs: z.number() });

export const employeeCountAnswerSchema = z.object({ employeeCount: z.number(), billingCycle: z.enum(BILLING_CYCLES), price: z.string() });
export type EmployeeCountAnswer = z.infer<typeof employeeCountAnswerSchema>;
