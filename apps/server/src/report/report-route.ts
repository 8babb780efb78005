import type { ApiApp } from '../http/api-app';
import { fileResponse } from '../http/file-response';
import { notFound } from '../http/problem';
import type { Services } from '../services';
import { loadReportData } from './report-data';
import { renderReportPdf } from './report-pdf';

/** File name without characters that break Content-Disposition. */
export function reportFileName(clientName: string, date: Date): string {
  const safe = clientName.normalize('NFKD').replace(/[^\w -]/g, '').trim().replace(/\s+/g, '-') || 'Kunde';
  return `Sicherheitsbericht-${safe}-${date.toISOString().slice(0, 10)}.pdf`;
}

/** File name of the provider summary. */
export function summaryFileName(date: Date): string {
  return `Uebersichtsbericht-${date.toISOString().slice(0, 10)}.pdf`;
}

/** GET /client/{clientUUID}/report: the audit report as a PDF download (SPEC §7; client scope). */
export function registerReportRoute(app: ApiApp, services: Services): void {
  app.get(
    '/client/:clientUUID/report',
    {
      schema: {
        summary: 'Sicherheitsbericht als PDF herunterladen',
        description: 'Für admin, den Dienstleister des Kunden und Benutzer des Kunden.',
        response: { 200: fileResponse('application/pdf', 'Sicherheitsbericht des Kunden als PDF') },
      },
    },
    async (request, reply) => {
      const data = await loadReportData(services.db, request.tenant.clientId);
      if (!data) throw notFound('Der Kunde wurde nicht gefunden.');
      const pdf = await renderReportPdf(data);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${reportFileName(data.client.name, data.generatedAt)}"`)
        .header('cache-control', 'no-store')
        // fileResponse types the body as a string (OpenAPI: binary); Fastify sends the Buffer as it is.
        .send(pdf);
    },
  );
}
