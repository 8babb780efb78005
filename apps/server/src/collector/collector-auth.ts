import type { FastifyReply, FastifyRequest } from 'fastify';
import { authenticate } from '../auth/principal';
import { requireClientAccess } from '../auth/tenant-access';
import type { Services } from '../services';
import { type CollectorKeyRecord, findCollectorKey, keyFromAuthorization } from './collector-keys';

declare module 'fastify' {
  interface FastifyRequest {
    collectorKey: CollectorKeyRecord | null;
  }
}

/**
 * onRequest hook for collector calls: the Authorization value must be an active key of exactly the client
 * in the path. No key -> 401; unknown key -> 401; a key of another client -> 403 (tenant isolation).
 */
export function requireCollectorKey(services: Services, param = 'clientUUID') {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const clientId = (request.params as Record<string, string | undefined>)[param] ?? '';
    const presented = keyFromAuthorization(request.headers.authorization);
    if (!presented) return reply.code(401).send({ message: 'Missing collector key in Authorization header' });
    const record = await findCollectorKey(services.db, presented);
    if (!record) return reply.code(401).send({ message: 'Invalid or revoked collector key' });
    if (record.clientId !== clientId) {
      return reply.code(403).send({ message: `Collector key does not belong to client ${clientId}` });
    }
    request.collectorKey = record;
  };
}

/**
 * For calls both the collector and signed-in users make (health, audit status, version):
 * 'Authorization: Bearer …' goes through the user checks, anything else must be a collector key.
 */
export function requireCollectorKeyOrUser(services: Services, param = 'clientUUID') {
  const byKey = requireCollectorKey(services, param);
  const byUser = [authenticate(services.tokens), requireClientAccess(services.db, param)];
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (/^Bearer\s/i.test(request.headers.authorization ?? '')) {
      for (const hook of byUser) {
        await hook(request, reply);
        if (reply.sent) return;
      }
      return;
    }
    await byKey(request, reply);
  };
}
