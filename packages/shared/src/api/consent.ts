import { z } from 'zod';
import { CONSENT_CATEGORIES } from '../consent-categories';
import { messageSchema } from './common';


const consentCategorySchema = z.enum(CONSENT_CATEGORIES).describe('Cookie-Kategorie des Banners');

/** Body of POST /your-endpoint-url (SPEC §7): one consent decision of the cookie banner. */
export const consentRecordSchema = z
  .strictObject({
    consentId: z.uuid().describe('Zufällige ID der Einwilligung (aus dem Cookie)'),
    acceptType: z.enum(['all', 'necessary', 'custom']).describe('Alle, nur notwendige oder eigene Auswahl'),
    acceptedCategories: z.array(consentCategorySchema).max(CONSENT_CATEGORIES.length),
    rejectedCategories: z.array(consentCategorySchema).max(CONSENT_CATEGORIES.length),
  })
  .refine((body) => body.acceptedCategories.includes('necessary'), {
    message: 'Die notwendigen Cookies („necessary“) sind immer akzeptiert und müssen unter den akzeptierten Kategorien stehen.',
    path: ['acceptedCategories'],
  })
  .refine((body) => !body.acceptedCategories.some((name) => body.rejectedCategories.includes(name)), {
    message: 'Eine Kategorie kann nicht zugleich akzeptiert und abgelehnt werden.',
    path: ['rejectedCategories'],
  });

export type ConsentRecordBody = z.infer<typeof consentRecordSchema>;

/** Answer of POST /your-endpoint-url (201). */
export const consentRecordAnswerSchema = messageSchema;
