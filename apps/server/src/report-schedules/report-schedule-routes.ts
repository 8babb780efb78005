import { messageSchema, reportScheduleBodySchema, reportScheduleParamsSchema, reportScheduleSchema } from '@burgwall/shared';
import { z } from 'zod';
import type { ApiApp } from '../http/api-app';
import { fileResponse } from '../http/file-response';
import { notFound } from '../http/problem';
import { loadProviderSummary } from '../report/provider-summary-data';
import { renderProviderSummaryPdf } from '../report/provider-summary-pdf';
import { summaryFileName } from '../report/report-route';
import type { Services } from '../services';
import { deleteReportSchedule, listReportSchedules, saveReportSchedule } from './report-schedule-store';

const SCHEDULE_NOT_FOUND = 'Der Berichtsversand wurde nicht gefunden.';

/** Scheduled report mails and the provider summary PDF (provider scope). */
export function registerReportScheduleRoutes(app: ApiApp, services: Services): void {
  const { db } = services;

  app.get(
    '/serviceprovider/:serviceproviderUUID/report-schedules',
    { schema: { summary: 'Geplante Berichte auflisten', description: 'Je Kunde (Sicherheitsbericht) und für den Übersichtsbericht. Für admin und Benutzer des Dienstleisters.', response: { 200: z.array(reportScheduleSchema) } } },
    async (request) => listReportSchedules(db, request.provider.providerId),
  );

  app.post(
    '/serviceprovider/:serviceproviderUUID/report-schedules',
    {
      schema: {
        summary: 'Berichtsversand festlegen',
        description:
          'Legt den Versand des PDF-Berichts eines Kunden (clientId) oder des Übersichtsberichts (clientId null) fest oder ersetzt ihn: wöchentlich (ab Montag) oder monatlich (ab dem 1.), einmal je Zeitraum, über den SMTP-Server des Dienstleisters. Für admin und Benutzer des Dienstleisters.',
        body: reportScheduleBodySchema,
        response: { 200: reportScheduleSchema },
      },
    },
    async (request) => {
      const id = await saveReportSchedule(db, request.provider.providerId, request.body);
      const schedule = (await listReportSchedules(db, request.provider.providerId)).find((entry) => entry.id === id);
      if (!schedule) throw notFound(SCHEDULE_NOT_FOUND);
      return schedule;
    },
  );

  app.delete(
    '/serviceprovider/:serviceproviderUUID/report-schedules/:scheduleId',
    { schema: { summary: 'Berichtsversand beenden', description: 'Für admin und Benutzer des Dienstleisters.', params: reportScheduleParamsSchema, response: { 200: messageSchema } } },
    async (request) => {
      if (!(await deleteReportSchedule(db, request.provider.providerId, request.params.scheduleId))) throw notFound(SCHEDULE_NOT_FOUND);
      return { message: 'Der Berichtsversand wurde beendet.' };
    },
  );

  app.get(
    '/serviceprovider/:serviceproviderUUID/report/summary',
    {
      schema: {
        summary: 'Übersichtsbericht als PDF herunterladen',
        description: 'Sicherheitswert, Note, Trend (30 Tage) und die größten Risiken aller Kunden des Dienstleisters. Für admin und Benutzer des Dienstleisters.',
        response: { 200: fileResponse('application/pdf', 'Übersichtsbericht des Dienstleisters als PDF') },
      },
    },
    async (request, reply) => {
      const data = await loadProviderSummary(db, request.provider.providerId);
      if (!data) throw notFound('Der Dienstleister wurde nicht gefunden.');
      const pdf = await renderProviderSummaryPdf(data);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${summaryFileName(data.generatedAt)}"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );
}
