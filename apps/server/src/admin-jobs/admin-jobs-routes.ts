import { adminJobParamsSchema, adminJobRetryAnswerSchema, adminJobsAnswerSchema, noBodySchema } from '@burgwall/shared';
import type { ApiApp } from '../http/api-app';
import { conflict, notFound } from '../http/problem';
import type { Services } from '../services';
import { loadAdminJobs, retryFailedJob } from './admin-jobs-service';

/** The job queue for admins (issue 15, „Hintergrundaufträge“), in the admin scope. */
export function registerAdminJobRoutes(app: ApiApp, services: Services): void {
  const { db, jobs } = services;

  app.get(
    '/admin/jobs',
    {
      schema: {
        summary: 'Hintergrundaufträge auflisten',
        description:
          'Je Warteschlange die Aufträge nach Zustand (wartend, Wiederholung geplant, laufend, erledigt, fehlgeschlagen, abgebrochen; etwa die letzte Woche), das Alter des ältesten wartenden Auftrags, die neuesten Fehlschläge mit gekürzter Fehlermeldung und die Kunden mit offenen oder fehlgeschlagenen Aufträgen. Nur Rolle admin.',
        response: { 200: adminJobsAnswerSchema },
      },
    },
    async () => loadAdminJobs(db),
  );

  app.post(
    '/admin/jobs/:queue/:id/retry',
    {
      schema: {
        summary: 'Fehlgeschlagenen Hintergrundauftrag erneut versuchen',
        description: 'Reiht einen fehlgeschlagenen Auftrag mit einem weiteren Versuch neu ein (404: unbekannt, 409: nicht fehlgeschlagen). Nur Rolle admin. Ohne Body.',
        params: adminJobParamsSchema,
        body: noBodySchema,
        response: { 200: adminJobRetryAnswerSchema },
      },
    },
    async (request) => {
      const { queue, id } = request.params;
      const outcome = await retryFailedJob(db, jobs, queue, id.toLowerCase());
      if (outcome === 'not-found') throw notFound('Der Auftrag wurde nicht gefunden. Fehlgeschlagene Aufträge werden nach einer Woche gelöscht.');
      if (outcome === 'not-failed') throw conflict('Nur fehlgeschlagene Aufträge können erneut versucht werden; dieser wartet, läuft oder ist bereits erledigt.');
      return { id: id.toLowerCase(), queue, state: 'retry' as const };
    },
  );
}
