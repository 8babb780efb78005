import type { FastifyInstance } from 'fastify';
import { authenticate } from '../auth/principal';
import { requireClientAccess } from '../auth/tenant-access';
import type { Services } from '../services';
import { loadReportData } from './report-data';
import { renderReportPdf } from './report-pdf';

/** File name without characters that break Content-Disposition. */
export function reportFileName(clientName: string, date: Date): string {
  const safe = clientName.normalize('NFKD').replace(/[^\w -]/g, '').trim().replace(/\s+/g, '-') || 'Kunde';
  return `Sicherheitsbericht-${safe}-${date.toISOString().slice(0, 10)}.pdf`;
}

/** GET /client/{clientUUID}/report: the audit report as a PDF download (SPEC §7). */
export function registerReportRoute(app: FastifyInstance, services: Services): void {
  app.get(
    '/client/:clientUUID/report',
    { onRequest: [authenticate(services.tokens), requireClientAccess(services.db)] },
    async (request, reply) => {
      const { clientUUID } = request.params as { clientUUID: string };
      const data = await loadReportData(services.db, clientUUID);
      if (!data) return reply.code(404).send({ message: `Client ${clientUUID} not found` });
      const pdf = await renderReportPdf(data);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${reportFileName(data.client.name, data.generatedAt)}"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );
}
