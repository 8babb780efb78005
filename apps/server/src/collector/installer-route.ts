import type { FastifyInstance } from 'fastify';
import { authenticate } from '../auth/principal';
import { requireClientAccess } from '../auth/tenant-access';
import { publicUrl, type Services } from '../services';
import { issueCollectorKey } from './collector-keys';
import { COLLECTOR_VERSION } from './collector-version';
import { buildInstallerZip } from './installer';

/**
 * GET /client/{clientUUID}/collector/installer (signed-in user with access to the client): a zip with the
 * collector and a config holding a freshly issued key — the key exists in clear text only inside this download.
 */
export function registerInstallerRoute(app: FastifyInstance, services: Services): void {
  app.get(
    '/client/:clientUUID/collector/installer',
    { onRequest: [authenticate(services.tokens), requireClientAccess(services.db)] },
    async (request, reply) => {
      const { clientUUID } = request.params as { clientUUID: string };
      const { key } = await issueCollectorKey(services.db, clientUUID);
      const zip = await buildInstallerZip({ serverUrl: publicUrl(services.config), clientId: clientUUID, apiKey: key });
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="burgwall-collector-${COLLECTOR_VERSION}.zip"`)
        .header('cache-control', 'no-store')
        .send(zip);
    },
  );
}
