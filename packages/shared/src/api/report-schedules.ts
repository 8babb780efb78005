/** Reports mailed on a schedule: a client's PDF report or the provider's summary across its clients (issue 18). */
import { z } from 'zod';
import { chosenUuid } from './common';

export const REPORT_FREQUENCIES = ['weekly', 'monthly'] as const;
export type ReportFrequency = (typeof REPORT_FREQUENCIES)[number];
export const REPORT_FREQUENCY_LABELS: Record<ReportFrequency, string> = { weekly: 'Wöchentlich (montags)', monthly: 'Monatlich (am 1.)' };

export const reportScheduleBodySchema = z
  .object({
    clientId: chosenUuid('Bitte wählen Sie einen Kunden.').nullable().describe('Der Sicherheitsbericht dieses Kunden; null = der Übersichtsbericht über alle Kunden'),
    frequency: z.enum(REPORT_FREQUENCIES),
    recipientUserIds: z.array(z.uuid()).max(50),
  })
  .superRefine((body, ctx) => {
    if (body.recipientUserIds.length === 0) ctx.addIssue({ code: 'custom', path: ['recipientUserIds'], message: 'Bitte wählen Sie mindestens einen Empfänger.' });
  });
export type ReportScheduleBody = z.input<typeof reportScheduleBodySchema>;

export const reportScheduleSchema = z.object({
  id: z.string(),
  clientId: z.string().nullable(),
  /** null for the provider summary. */
  clientName: z.string().nullable(),
  frequency: z.enum(REPORT_FREQUENCIES),
  recipientUserIds: z.array(z.string()),
  lastSentAt: z.string().nullable(),
  /** The day (YYYY-MM-DD, UTC) the next report goes out. */
  nextSendOn: z.string(),
  createdAt: z.string(),
});
export type ReportSchedule = z.infer<typeof reportScheduleSchema>;

export const reportScheduleParamsSchema = z.object({ serviceproviderUUID: z.string(), scheduleId: z.uuid() });
