/**
 * Every REST route of the app, by scope. A route with a tenant id in its path is registered inside its tenant
 * scope (client, service provider, admin), whose one guard resolves access and hands the handler `request.tenant`
 * or `request.provider`; signed-in routes without a tenant id go into the user scope; public routes stay outside.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { registerAdminClientRoutes, registerClientCreationRoutes, registerClientRoutes } from './clients/client-routes';
import { registerCollectorRoutes } from './collector/register-collector-routes';
import { registerIoa } from './ioa/register-ioa';
import { registerIoeRoutes } from './ioe/ioe-routes';
import { registerAdminEmailRoutes, registerEmailServiceRoutes, registerProviderEmailRoutes } from './providers/email-routes';
import { registerProviderRoutes, registerProviderSignUpRoutes } from './providers/provider-routes';
import { registerHealthRoute } from './routes/services/health';
import { registerSiteRoutes } from './routes/site-routes';
import type { Services } from './services';
import { registerClientTeamRoutes, registerProviderTeamRoutes } from './team/team-routes';
import { registerTenantFeatures } from './tenant-features';
import { adminScope, clientScope, providerScope, userScope } from './tenancy/tenant-scope';
import { registerUserRoutes } from './users/user-routes';

export async function registerRoutes(app: FastifyInstance, services: Services): Promise<void> {
  await app.register(clientScope, { services, routes: [registerClientRoutes, registerClientTeamRoutes] });
  await app.register(providerScope, { services, routes: [registerProviderRoutes, registerProviderEmailRoutes, registerProviderTeamRoutes] });
  await app.register(userScope, { services, routes: [registerClientCreationRoutes, registerUserRoutes, registerEmailServiceRoutes] });
  await app.register(adminScope, { services, routes: [registerAdminClientRoutes, registerAdminEmailRoutes] });
  // Public: self-registration (an admin token is accepted too).
  registerProviderSignUpRoutes(app.withTypeProvider<ZodTypeProvider>(), services);

  // Not yet moved into their scopes.
  registerHealthRoute(app, services.db);
  await registerSiteRoutes(app, services);
  registerIoa(app, services);
  registerCollectorRoutes(app, services);
  registerIoeRoutes(app, services);
  registerTenantFeatures(app, services);
}
