import type { FastifyInstance } from 'fastify';
import { requireServiceKey } from '../auth/service-key';
import type { Services } from '../services';
import { dataChangeEventSchema } from './data-change-schema';
import { DataChangeError, handleDataChange } from './data-change-service';

/** POST /services/ioe/data-change (API key): a database change event (SPEC §3) to (re-)evaluate. */
export function registerDataChangeRoute(app: FastifyInstance, services: Services): void {
  app.post('/services/ioe/data-change', { onRequest: requireServiceKey(services.config) }, async (request, reply) => {
    const parsed = dataChangeEventSchema.safeParse(request.body);
    if (!parsed.success) {
      const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`);
      return reply.code(400).send({ message: problems.join('; ') });
    }
    try {
      const result = await handleDataChange(services, parsed.data);
      return reply.code(200).send({ message: parsed.data.id, ...result });
    } catch (error) {
      if (error instanceof DataChangeError) return reply.code(error.statusCode).send({ message: error.message });
      throw error;
    }
  });
}
