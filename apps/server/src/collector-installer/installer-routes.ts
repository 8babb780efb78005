import type { FastifyInstance, FastifyReply } from 'fastify';
import { authenticate } from '../auth/principal';
import { requireClientAccess } from '../auth/tenant-access';
import { publicUrl, type Services } from '../services';
import { buildInstaller } from './build-installer';

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
  app.get('/client/:clientUUID/quickcheck/collector/installer', { onRequest }, async (request, reply) => {
    const { clientUUID } = request.params as { clientUUID: string };
    const client = await services.db.selectFrom('client').select('client_mode').where('client_id_pk', '=', clientUUID).executeTakeFirstOrThrow();
    if (client.client_mode !== 'quickcheck') return reply.code(404).send({ message: `Client ${clientUUID} is no quick-check client` });
    return sendInstaller(services, clientUUID, reply);
  });
}
