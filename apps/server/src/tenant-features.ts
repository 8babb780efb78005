import type { FastifyInstance } from 'fastify';
import { registerInstallerRoutes } from './collector-installer/installer-routes';
import type { Services } from './services';
import { registerSetPasswordPage } from './team/set-password-page';

/** Routes not yet moved into their scopes. */
export function registerTenantFeatures(app: FastifyInstance, services: Services): void {
  registerInstallerRoutes(app, services);
  registerSetPasswordPage(app, services);
}
