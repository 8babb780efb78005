import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';

/** Per-installation values the web app reads at start (SPEC §5 environment check needs APP_ENV). */
export function registerRuntimeConfigRoute(app: FastifyInstance, config: Config): void {
  app.get('/api/runtime-config', async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return { appEnv: config.APP_ENV };
  });
}
