/**
 * Every REST route of the app, by scope. A route with a tenant id in its path is registered inside its tenant
 * scope (client, service provider, admin), whose one guard resolves access and hands the handler `request.tenant`
 * or `request.provider`; signed-in routes without a tenant id go into the user scope; public routes stay outside.
 */
import type { FastifyInstance } from 'fastify';
import { registerAdminClientRoutes, registerClientCreationRoutes, registerClientRoutes } from './clients/client-routes';
import { registerCollectorRoutes } from './collector/register-collector-routes';
import { registerEntraRoutes } from './entra/entra-routes';
import { registerGraphExplorerRoutes } from './entra/graph-explorer-routes';
import { registerIoaThresholdRoutes } from './ioa/ioa-threshold-routes';
import { registerIoa } from './ioa/register-ioa';
import { registerIoeRoutes } from './ioe/ioe-routes';
import { registerReportRoute } from './report/report-route';
import { registerHealthRoute } from './routes/services/health';
import { registerSiteRoutes } from './routes/site-routes';
import type { Services } from './services';
import { registerTenantFeatures } from './tenant-features';
import { adminScope, clientScope, userScope } from './tenancy/tenant-scope';

export async function registerRoutes(app: FastifyInstance, services: Services): Promise<void> {
  await app.register(clientScope, { services, routes: [registerClientRoutes, registerIoeRoutes, registerIoaThresholdRoutes, registerReportRoute, registerEntraRoutes] });
  await app.register(userScope, { services, routes: [registerClientCreationRoutes] });
  await app.register(adminScope, { services, routes: [registerAdminClientRoutes, registerGraphExplorerRoutes] });

  // IoA evaluation of stored changes and the data-change service call (its own key; the client is in the body).
  registerIoa(app, services);

  // Not yet moved into their scopes.
  registerHealthRoute(app, services.db);
  await registerSiteRoutes(app, services);
  registerCollectorRoutes(app, services);
  registerTenantFeatures(app, services);
}
