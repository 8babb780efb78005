import type { ApiApp } from '../http/api-app';
import type { Services } from '../services';
import { registerInstallerRoutes } from './installer-routes';
import { registerCollectorKeyRoutes } from './key-routes';
import { registerCollectorSettingsRoutes } from './collector-settings-routes';
import { registerLicenseRoutes } from './license-routes';
import { registerStatusRoutes } from './status-routes';
import { registerUploadRoutes } from './upload-routes';

/**
 * Every /client/{clientUUID}/collector/* route (SPEC §7 "Collector" plus the data uploads) and the installer downloads,
 * in the client scope: collector-key routes say so in `config.auth`, the scope guard hands them `request.tenant`.
 */
export async function registerCollectorRoutes(app: ApiApp, services: Services): Promise<void> {
  registerLicenseRoutes(app, services);
  await registerUploadRoutes(app, services);
  registerStatusRoutes(app, services);
  registerInstallerRoutes(app, services);
  registerCollectorKeyRoutes(app, services);
  registerCollectorSettingsRoutes(app);
}
