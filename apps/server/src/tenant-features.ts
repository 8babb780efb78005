import type { FastifyInstance } from 'fastify';
import { registerAdminRoutes } from './admin/admin-routes';
import { registerAdminLogRoutes } from './admin-logs/admin-logs-routes';
import { registerBillingRoutes } from './billing/billing-routes';
import { registerInstallerRoutes } from './collector-installer/installer-routes';
import { registerEmailRoutes } from './providers/email-routes';
import { registerProviderRoutes } from './providers/provider-routes';
import type { Services } from './services';
import { registerSetPasswordPage } from './team/set-password-page';
import { registerTeamRoutes } from './team/team-routes';
import { registerUserRoutes } from './users/user-routes';

/**
 * Issue 7: providers (incl. /register), clients, licences, billing, teams,
 * white label, custom mail, installer downloads, user settings and admin.
 */
export function registerTenantFeatures(app: FastifyInstance, services: Services): void {
  registerProviderRoutes(app, services);
  registerEmailRoutes(app, services);
  registerInstallerRoutes(app, services);
  registerTeamRoutes(app, services);
  registerSetPasswordPage(app, services);
  registerUserRoutes(app, services);
  registerAdminRoutes(app, services);
  registerAdminLogRoutes(app, services);
  registerBillingRoutes(app, services);
}
