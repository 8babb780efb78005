import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { findCollectorKey, keyFromAuthorization } from '../collector/collector-keys';
import type { Services } from '../services';
import { evaluateLatestSnapshot } from './ioe-evaluation';
import { zodMessage } from './ioe-schemas';

/** The parts of the SPEC §3 "Database change event" this call needs (the rest is accepted as is). */
const dataChangeSchema = z.object({
  event: z.object({
    op: z.string().min(1),
    data: z.object({ new: z.object({ client_uuid: z.string().uuid() }).passthrough() }).passthrough(),
  }).passthrough(),
}).passthrough();

/**
 * POST /services/ioe/data-change (collector key, SPEC §7): directory data of a client changed, so its
 * checks are evaluated again on the newest snapshot. The key must belong to the event's client.
 */
export function registerDataChangeRoute(app: FastifyInstance, services: Services): void {
  app.post('/services/ioe/data-change', async (request, reply) => {
    const presented = keyFromAuthorization(request.headers.authorization);
    if (!presented) return reply.code(401).send({ message: 'Missing collector key in Authorization header' });
    const record = await findCollectorKey(services.db, presented);
    if (!record) return reply.code(401).send({ message: 'Invalid or revoked collector key' });
    const parsed = dataChangeSchema.safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ message: zodMessage(parsed.error, 'data change event') });
    const clientId = parsed.data.event.data.new.client_uuid;
    if (clientId !== record.clientId) return reply.code(403).send({ message: `Collector key does not belong to client ${clientId}` });
    const summary = await evaluateLatestSnapshot(services.db, clientId);
    if (!summary) return reply.code(409).send({ message: 'No snapshot has been collected for this client yet' });
    return { message: 'Evaluated', score: summary.score, grade: summary.grade, findings: summary.findings };
  });
}
