import { scoreActionsSchema } from '@burgwall/shared';
import type { ApiApp } from '../http/api-app';
import type { Services } from '../services';
import { loadScoreActions, TOP_ACTIONS } from './score-actions';

/** The dashboard's „Größter Gewinn“: the checks whose fix raises the client's score most (client scope). */
export function registerScoreActionRoutes(app: ApiApp, services: Services): void {
  app.get(
    '/client/:clientUUID/ioe/score-actions',
    {
      config: { apiTokenScope: 'findings:read' },
      schema: {
        summary: 'Maßnahmen mit dem größten Gewinn für den Sicherheitswert lesen',
        description: `Die bis zu ${TOP_ACTIONS} Prüfungen mit offenen Befunden, deren Behebung die Bewertung am stärksten erhöht, mit der Bewertung danach. Für admin, den Dienstleister des Kunden und Benutzer des Kunden.`,
        response: { 200: scoreActionsSchema },
      },
    },
    async (request) => loadScoreActions(services.db, request.tenant.clientId),
  );
}
