/**
 * Every REST route of the app, by scope. A route with a tenant id in its path is registered inside its tenant
 * scope (client, service provider, admin), whose one guard resolves access and hands the handler `request.tenant`
 * or `request.provider`; signed-in routes without a tenant id go into the user scope; public routes stay outside.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { registerAdminClientRoutes, registerClientCreationRoutes, registerClientRoutes } from './clients/client-routes';
import { registerCollectorRoutes } from './collector/register-collector-routes';
import { registerConsentRoute } from './consent/consent-route';
import { registerContentRoutes } from './content/content-routes';
import { registerHealthRoute } from './health/health-route';
import { registerImageProxy } from './images/ipx-route';
import { registerIoa } from './ioa/register-ioa';
import { registerIoeRoutes } from './ioe/ioe-routes';
import { registerReportRoute } from './report/report-route';
import type { Services } from './services';
import { registerTenantFeatures } from './tenant-features';
import { adminScope, clientScope, userScope } from './tenancy/tenant-scope';

export async function registerRoutes(app: FastifyInstance, services: Services): Promise<void> {
  await app.register(clientScope, { services, routes: [registerClientRoutes] });
  await app.register(userScope, { services, routes: [registerClientCreationRoutes] });
  await app.register(adminScope, { services, routes: [registerAdminClientRoutes] });

  // Public: health check, Storyblok-compatible content API, consent log and the image proxy (not REST).
  const api = app.withTypeProvider<ZodTypeProvider>();
  registerHealthRoute(api, services);
  await registerContentRoutes(api, services);
  registerConsentRoute(api, services);
  registerImageProxy(app, services.config.CONTENT_DIR);

  // Not yet moved into their scopes.
  registerReportRoute(app, services);
  registerIoa(app, services);
  registerCollectorRoutes(app, services);
  registerIoeRoutes(app, services);
  registerTenantFeatures(app, services);
}
