import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authenticate } from '../auth/principal';
import { requireClientAccess } from '../auth/tenant-access';
import { publicUrl, type Services } from '../services';
import { buildInstaller } from './build-installer';
import { verifyQuickcheckToken } from './quickcheck-link';

async function sendInstaller(services: Services, clientId: string, reply: FastifyReply) {
  const installer = await buildInstaller(services.db, publicUrl(services.config), clientId);
  if (!installer) return reply.code(404).send({ message: `Client ${clientId} not found` });
  return reply
    .type('application/zip')
    .header('content-disposition', `attachment; filename="${installer.fileName}"`)
    .header('cache-control', 'no-store')
    .send(installer.zip);
}

/** GET /client/{id}/collector/installer and /client/{id}/quickcheck/collector/installer (SPEC §7). */
export function registerInstallerRoutes(app: FastifyInstance, services: Services): void {
  const onRequest = [authenticate(services.tokens), requireClientAccess(services.db)];
  app.get('/client/:clientUUID/collector/installer', { onRequest }, async (request, reply) =>
    sendInstaller(services, (request.params as { clientUUID: string }).clientUUID, reply),
  );
  /**
   * Signed-in users as usual; the prospect without an account brings the token of its mailed link instead
   * (a token of another client answers 404 like an unknown client).
   */
  const quickcheckAccess = async (request: FastifyRequest, reply: FastifyReply) => {
    const token = (request.query as { token?: unknown }).token;
    if (!request.headers.authorization && typeof token === 'string') {
      const { clientUUID } = request.params as { clientUUID: string };
      if (!(await verifyQuickcheckToken(services.db, clientUUID, token))) return reply.code(404).send({ message: `Client ${clientUUID} not found` });
      return;
    }
    for (const hook of onRequest) {
      await hook(request, reply);
      if (reply.sent) return;
    }
  };
  app.get('/client/:clientUUID/quickcheck/collector/installer', { onRequest: quickcheckAccess }, async (request, reply) => {
    const { clientUUID } = request.params as { clientUUID: string };
    const client = await services.db.selectFrom('client').select('client_mode').where('client_id_pk', '=', clientUUID).executeTakeFirstOrThrow();
    if (client.client_mode !== 'quickcheck') return reply.code(404).send({ message: `Client ${clientUUID} is no quick-check client` });
    return sendInstaller(services, clientUUID, reply);
  });
}
