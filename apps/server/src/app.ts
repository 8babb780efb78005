import Fastify, { type FastifyInstance } from 'fastify';
import { registerIdentity } from './auth/register-identity';
import { registerGraphql } from './graphql/register-graphql';
import { registerIoa } from './ioa/register-ioa';
import { registerCollectorRoutes } from './collector/register-collector-routes';
import { registerIoeRoutes } from './ioe/ioe-routes';
import { registerHealthRoute } from './routes/services/health';
import { recordRoutes } from './route-table';
import { registerSiteRoutes } from './routes/site-routes';
import type { Services } from './services';
import { registerTenantFeatures } from './tenant-features';
import { registerWebApp } from './web-app';

export async function buildApp(services: Services): Promise<FastifyInstance> {
  const { config, db } = services;
  const app = Fastify({
    logger: config.LOG_LEVEL === 'silent' ? false : { level: config.LOG_LEVEL },
  });

  app.decorateRequest('principal', null);
  // First, so the route table (tenant-isolation test) sees every route registered below.
  recordRoutes(app);

  registerHealthRoute(app, db);
  await registerIdentity(app, services);
  await registerSiteRoutes(app, services);
  registerIoa(app, services);
  registerGraphql(app, services);
  registerCollectorRoutes(app, services);
  registerIoeRoutes(app, services);
  registerTenantFeatures(app, services);

  await registerWebApp(app, config.WEB_DIST);
  app.setNotFoundHandler((request, reply) => {
    return reply.code(404).send({ message: `Route ${request.method} ${request.url.split('?')[0]} not found` });
  });
  return app;
}
