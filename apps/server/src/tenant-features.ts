import type { FastifyInstance } from 'fastify';
import { registerAdminRoutes } from './admin/admin-routes';
import { registerAdminLogRoutes } from './admin-logs/admin-logs-routes';
import { registerBillingRoutes } from './billing/billing-routes';
import { registerInstallerRoutes } from './collector-installer/installer-routes';
import { registerEntraRoutes } from './entra/entra-routes';
import { registerGraphExplorerRoutes } from './entra/graph-explorer-routes';
import type { Services } from './services';
import { registerSetPasswordPage } from './team/set-password-page';

/**
 * Issue 7: providers (incl. /register), clients, licences, billing, teams,
 * white label, custom mail, installer downloads, user settings and admin.
 */
export function registerTenantFeatures(app: FastifyInstance, services: Services): void {
  registerInstallerRoutes(app, services);
  registerSetPasswordPage(app, services);
  registerAdminRoutes(app, services);
  registerAdminLogRoutes(app, services);
  registerBillingRoutes(app, services);
  registerEntraRoutes(app, services);
  registerGraphExplorerRoutes(app, services);
}
