import { sql } from 'kysely';
import { z } from 'zod';
import type { ApiApp } from '../http/api-app';
import type { Services } from '../services';
import { VERSION } from '../version';

const versionSchema = z.string().describe('Version des Servers');

/** GET /services/health answers `{status, version}` (SPEC §7), also when the database is down. */
export const healthAnswerSchema = z.object({ status: z.literal('ok'), version: versionSchema });
export const healthErrorSchema = z
  .object({ status: z.literal('error'), version: versionSchema })
  .describe('Die Datenbank antwortet nicht');

/** GET /services/health -> {status, version}; 'error' (503) when the database does not answer. Public. */
export function registerHealthRoute(app: ApiApp, { db }: Services): void {
  // The same answer under /saas/services/health (SPEC §7 "Billing API").
  for (const url of ['/services/health', '/saas/services/health']) registerAt(app, db, url);
}

function registerAt(app: ApiApp, db: Services['db'], url: string): void {
  app.get(
    url,
    {
      schema: {
        summary: 'Zustand des Servers prüfen',
        description: 'Antwortet 503 mit status error, wenn die Datenbank nicht antwortet. Öffentlich.',
        response: { 200: healthAnswerSchema, 503: healthErrorSchema },
      },
    },
    async (request, reply) => {
      try {
        await sql`SELECT 1`.execute(db);
        return { status: 'ok' as const, version: VERSION };
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        return reply.code(503).send({ status: 'error', version: VERSION });
      }
    },
  );
}
