import type { FastifyInstance } from 'fastify';
import { registerDataChangeRoute } from './data-change-route';
import type { Services } from '../services';
import { evaluateStoredChanges } from './ioa-evaluation';
import { registerIoaThresholdRoutes } from './ioa-threshold-routes';

/** Issue 6: IoA evaluation of every stored change batch, the data-change service call and the IoA settings. */
export function registerIoa(app: FastifyInstance, services: Services): void {
  services.events.on('changes-stored', async (event) => {
    await evaluateStoredChanges(services.db, services.live, event.clientId, event.changeIds);
  });
  registerDataChangeRoute(app, services);
  registerIoaThresholdRoutes(app, services);
  app.addHook('onClose', async () => services.live.close());
}
