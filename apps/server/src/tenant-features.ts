import type { FastifyInstance } from 'fastify';
import { registerAdminRoutes } from './admin/admin-routes';
import { registerAdminLogRoutes } from './admin-logs/admin-logs-routes';
import { registerBillingRoutes } from './billing/billing-routes';
import type { Services } from './services';
import { registerSetPasswordPage } from './team/set-password-page';

/** Routes not yet moved into their scopes. */
export function registerTenantFeatures(app: FastifyInstance, services: Services): void {
  registerSetPasswordPage(app, services);
  registerAdminRoutes(app, services);
  registerAdminLogRoutes(app, services);
  registerBillingRoutes(app, services);
}
