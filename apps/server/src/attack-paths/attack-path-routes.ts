import { attackPathAnswerSchema, attackPathQuerySchema, attackPathsAnswerSchema, attackPathsQuerySchema } from '@burgwall/shared';
import type { ApiApp } from '../http/api-app';
import { notFound } from '../http/problem';
import type { Services } from '../services';
import { attackPathOf, attackPathSummary } from './attack-path-service';

/** The "Angriffspfade" page's reads (client scope). */
export function registerAttackPathRoutes(app: ApiApp, services: Services): void {
  const { db } = services;

  app.get(
    '/client/:clientUUID/attack-paths',
    {
      schema: {
        summary: 'Angriffspfade zu Tier 0 lesen',
        description:
          'Konten und Gruppen außerhalb von Tier 0 mit einem Pfad zu Tier 0 (kürzester zuerst), die Größe des Kontrollgraphen und die Schnitte, die die meisten Pfade trennen. Aus dem neuesten AD-Snapshot. Für admin, den Dienstleister des Kunden und Benutzer des Kunden.',
        querystring: attackPathsQuerySchema,
        response: { 200: attackPathsAnswerSchema },
      },
    },
    async (request) => attackPathSummary(db, request.tenant.clientId, request.query),
  );

  app.get(
    '/client/:clientUUID/attack-paths/path',
    {
      schema: {
        summary: 'Kürzesten Angriffspfad eines Kontos lesen',
        description: 'Die Schritte vom Konto oder von der Gruppe bis zum ersten Tier-0-Objekt. Für admin, den Dienstleister des Kunden und Benutzer des Kunden.',
        querystring: attackPathQuerySchema,
        response: { 200: attackPathAnswerSchema },
      },
    },
    async (request) => {
      const path = await attackPathOf(db, request.tenant.clientId, request.query.objectKey);
      if (!path) throw notFound('Für dieses Objekt gibt es keinen Pfad zu Tier 0.');
      return path;
    },
  );
}
