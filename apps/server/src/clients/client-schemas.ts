import { z } from 'zod';

const employeeCount = z.coerce
  .number({ error: 'employeeCount muss eine Zahl sein' })
  .int('employeeCount muss eine ganze Zahl sein')
  .min(1, 'employeeCount muss mindestens 1 sein')
  .max(1_000_000, 'employeeCount ist zu groß');
const name = z.string().trim().min(1, 'Name ist erforderlich').max(200, 'Name ist zu lang (höchstens 200 Zeichen)');

/** POST /client/new (SPEC §3 "Create client by provider"). */
export const createClientBody = z.object({
  name,
  location: z.string().trim().max(300).optional().default(''),
  employeeCount,
  billingCycle: z.enum(['monthly', 'yearly']).default('monthly'),
  mode: z.enum(['monitoring', 'audit']).default('monitoring'),
  internalAd: z.boolean().default(true),
});

/** POST /admin/client/new (SPEC §3 "Create client as admin"). */
export const adminCreateClientBody = z.object({
  name,
  location: z.string().trim().max(300).optional().default(''),
  employeeCount,
  mode: z.enum(['monitoring', 'audit']).default('monitoring'),
  serviceproviderUUID: z.uuid('serviceproviderUUID muss eine UUID sein'),
});

/** POST /client/quickcheck/new (SPEC §3 "Quick-check client"). */
export const quickcheckClientBody = z.object({
  name,
  company: z.string().trim().min(1, 'Firma ist erforderlich').max(200),
  email: z.email('E-Mail-Adresse ist ungültig'),
  serviceproviderUUID: z.uuid('serviceproviderUUID muss eine UUID sein'),
  phone: z.string().trim().max(50).optional().default(''),
});

export const employeeCountBody = z.object({ employeeCount });

export const contactBody = z.object({
  email: z.union([z.email('E-Mail-Adresse ist ungültig'), z.literal('')]),
  name: z.string().trim().max(200),
  phone: z.string().trim().max(50).regex(/^[\d\s+()/-]*$/, 'Telefonnummer enthält ungültige Zeichen'),
});
