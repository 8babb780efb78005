import { ioaDetectors } from '@burgwall/checks/attacks';
import type { FastifyInstance } from 'fastify';
import { authenticate } from '../auth/principal';
import { requireClientAccess } from '../auth/tenant-access';
import type { Services } from '../services';
import { detectorSettingsSchema } from './ioa-threshold-schema';
import { loadIoaSettings, resetIoaSettings, saveIoaSetting } from './ioa-settings-store';

/** /client/{clientUUID}/ioa/thresholds: per-detector switch, allowlist and thresholds, and reset (SPEC §7). */
export function registerIoaThresholdRoutes(app: FastifyInstance, services: Services): void {
  const guard = { onRequest: [authenticate(services.tokens), requireClientAccess(services.db)] };
  const detectorList = async (clientId: string) => {
    const settings = await loadIoaSettings(services.db, clientId);
    return ioaDetectors.map((detector) => ({
      slug: detector.slug,
      title: detector.title,
      description: detector.description,
      severity: detector.severity,
      defaults: detector.defaults,
      setting: settings[detector.slug],
    }));
  };

  app.get<{ Params: { clientUUID: string } }>('/client/:clientUUID/ioa/thresholds', guard, async (request) =>
    detectorList(request.params.clientUUID),
  );

  app.put<{ Params: { clientUUID: string; detector: string } }>(
    '/client/:clientUUID/ioa/thresholds/:detector',
    guard,
    async (request, reply) => {
      if (!ioaDetectors.some((detector) => detector.slug === request.params.detector)) {
        return reply.code(404).send({ message: `Unknown IoA detector "${request.params.detector}"` });
      }
      const parsed = detectorSettingsSchema.safeParse(request.body);
      if (!parsed.success) {
        const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`);
        return reply.code(400).send({ message: problems.join('; ') });
      }
      await saveIoaSetting(services.db, request.params.clientUUID, request.params.detector, parsed.data);
      return detectorList(request.params.clientUUID);
    },
  );

  app.post<{ Params: { clientUUID: string } }>('/client/:clientUUID/ioa/thresholds/reset', guard, async (request) => {
    await resetIoaSettings(services.db, request.params.clientUUID);
    return { message: request.params.clientUUID };
  });
}
