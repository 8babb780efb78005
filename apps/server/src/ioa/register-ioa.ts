import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Services } from '../services';
import { registerDataChangeRoute } from './data-change-route';

/**
 * The data-change service call (service key, outside the tenant
 * scopes: its client is in the body). The per-client IoA settings are registered in the client scope
 * (`registerIoaThresholdRoutes`).
 */
export function registerIoa(app: FastifyInstance, services: Services): void {
  registerDataChangeRoute(app.withTypeProvider<ZodTypeProvider>(), services);
  app.addHook('onClose', async () => services.live.close());
}
