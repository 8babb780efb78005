import type { FastifyInstance } from 'fastify';
import type { Services } from '../services';
import { registerLicenseRoutes } from './license-routes';
import { registerStatusRoutes } from './status-routes';
import { registerUploadRoutes } from './upload-routes';

/** Issue 4: every /client/{clientUUID}/collector/* route (SPEC §7 "Collector" plus the data uploads). */
export function registerCollectorRoutes(app: FastifyInstance, services: Services): void {
  if (!app.hasRequestDecorator('collectorKey')) app.decorateRequest('collectorKey', null);
  registerLicenseRoutes(app, services);
  registerUploadRoutes(app, services);
  registerStatusRoutes(app, services);
}
