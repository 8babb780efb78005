import type { FastifyInstance } from 'fastify';
import { authenticate } from '../auth/principal';
import { sendZodError } from '../http/zod-reply';
import type { Services } from '../services';
import { logListQuerySchema, logParamsSchema } from './admin-logs-schema';
import { adminLogFilterOptions, listAdminLogs, loadAdminLog } from './admin-logs-service';

/** Admin view of the collector logs of all clients (SPEC §2 /admin/logs, /admin/logs/search). Admin role only. */
export function registerAdminLogRoutes(app: FastifyInstance, services: Services): void {
  const { db, tokens } = services;
  const onRequest = authenticate(tokens, ['admin']);

  app.get('/admin/logs', { onRequest }, async (request, reply) => {
    const parsed = logListQuerySchema.safeParse(request.query);
    if (!parsed.success) return sendZodError(reply, parsed.error);
    return listAdminLogs(db, parsed.data);
  });

  app.get('/admin/logs/filters', { onRequest }, async () => adminLogFilterOptions(db));

  app.get('/admin/logs/:clientUUID/:logId', { onRequest }, async (request, reply) => {
    const parsed = logParamsSchema.safeParse(request.params);
    if (!parsed.success) return sendZodError(reply, parsed.error);
    const log = await loadAdminLog(db, parsed.data.clientUUID, parsed.data.logId);
    if (!log) return reply.code(404).send({ message: `Log ${parsed.data.logId} of client ${parsed.data.clientUUID} not found` });
    return log;
  });
}
