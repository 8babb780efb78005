import { z } from 'zod';
import { isoDateTime } from './common';
import { ioaSeveritySchema } from './ioa';

/** A client as the overview links it: id (for /client/{id}/…) and name. */
const overviewClientSchema = z.object({ clientId: z.string(), name: z.string() });

/** Grade families of the overview chart, best first; `-` is a client without a score yet. */
export const GRADE_FAMILIES = ['A', 'B', 'C', 'D', 'F', '-'] as const;
export type GradeFamily = (typeof GRADE_FAMILIES)[number];

/** GET /serviceprovider/{id}/overview: the provider's morning overview of all monitored clients. */
export const providerOverviewSchema = z.object({
  clientCount: z.number().int(),
  scoredCount: z.number().int(),
  averageScore: z.number().nullable().describe('Durchschnitt der aktuellen Bewertungen (gerundet), null ohne bewertete Kunden'),
  averageScoreLastWeek: z
    .number()
    .nullable()
    .describe('Durchschnitt der Bewertungen vor sieben Tagen über dieselben Kunden (jeweils der letzte Wert bis dahin)'),
  byGrade: z.array(z.object({ grade: z.enum(GRADE_FAMILIES), count: z.number().int() })),
  atRisk: z.array(
    overviewClientSchema.extend({
      score: z.number().nullable(),
      scoreLastWeek: z.number().nullable(),
      openCriticalFindings: z.number().int().describe('Offene Befunde kritischer Prüfungen bei der letzten Auswertung'),
    }),
  ),
  collectorsOffline: z.array(overviewClientSchema.extend({ lastContactAt: isoDateTime.nullable() })),
  newIoas: z.object({
    count: z.number().int().describe('IoAs der letzten 24 Stunden über alle Kunden'),
    latest: z.array(
      overviewClientSchema.extend({
        title: z.string(),
        severity: ioaSeveritySchema,
        occurredAt: isoDateTime,
      }),
    ),
  }),
});
export type ProviderOverview = z.infer<typeof providerOverviewSchema>;
