import type { FastifyReply, FastifyRequest } from 'fastify';
import { isClientId } from '../db/client-schema';
import type { Db } from '../db/database';
import type { Principal } from './principal';

/**
 * Whether the principal may see the client: admins all, a provider its own
 * clients, a client user only its own organisation.
 */
export async function canAccessClient(db: Db, principal: Principal, clientId: string): Promise<boolean> {
  if (!isClientId(clientId)) return false;
  const client = await db
    .selectFrom('client')
    .select(['client_id_pk', 'serviceprovider_fk'])
    .where('client_id_pk', '=', clientId)
    .executeTakeFirst();
  if (!client) return false;
  switch (principal.role) {
    case 'admin':
      return true;
    case 'serviceprovider':
      return principal.orgId === client.serviceprovider_fk;
    case 'client':
      return principal.orgId === client.client_id_pk;
  }
}

export function canAccessProvider(principal: Principal, providerId: string): boolean {
  if (principal.role === 'admin') return true;
  return principal.role === 'serviceprovider' && principal.orgId === providerId;
}

/**
 * onRequest/preHandler hook for routes with a client id parameter. Unknown and
 * foreign clients both answer 404, so ids of other tenants cannot be probed.
 */
export function requireClientAccess(db: Db, param = 'clientUUID') {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const clientId = (request.params as Record<string, string | undefined>)[param] ?? '';
    const principal = request.principal;
    if (!principal) return reply.code(401).send({ message: 'Not authenticated' });
    if (!(await canAccessClient(db, principal, clientId))) {
      return reply.code(404).send({ message: `Client ${clientId} not found` });
    }
  };
}

export function requireProviderAccess(param = 'serviceproviderUUID') {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const providerId = (request.params as Record<string, string | undefined>)[param] ?? '';
    const principal = request.principal;
    if (!principal) return reply.code(401).send({ message: 'Not authenticated' });
    if (!canAccessProvider(principal, providerId)) {
      return reply.code(404).send({ message: `Service provider ${providerId} not found` });
    }
  };
}
