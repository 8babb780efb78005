import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { VERSION } from '../../version';

/** GET /services/health -> {status, version}; 'error' (503) when the database does not answer. */
export function registerHealthRoute(app: FastifyInstance, db: Db): void {
  app.get('/services/health', async (_request, reply) => {
    try {
      await sql`SELECT 1`.execute(db);
      return { status: 'ok', version: VERSION };
    } catch (error) {
      app.log.error({ err: error }, 'health check: database unreachable');
      return reply.code(503).send({ status: 'error', version: VERSION });
    }
  });
}
