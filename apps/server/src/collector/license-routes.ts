import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Services } from '../services';
import { requireCollectorKey } from './collector-auth';
import { activateKey, bindMachine, licenseOf } from './license-service';
import { describeZodError } from './upload-schemas';

const licenseRequestSchema = z.object({
  machineCode: z.string().trim().regex(/^[A-Za-z0-9._:-]{8,200}$/, 'must be 8-200 characters of A-Z a-z 0-9 . _ : -'),
});

/**
 * POST /client/{clientUUID}/collector/license/activate -> {subscriptionStatus, mode, sleepForMs}
 * POST /client/{clientUUID}/collector/license {machineCode} -> the SPEC §3 licence response.
 */
export function registerLicenseRoutes(app: FastifyInstance, services: Services): void {
  const onRequest = requireCollectorKey(services);

  app.post('/client/:clientUUID/collector/license/activate', { onRequest }, async (request, reply) => {
    const { clientUUID } = request.params as { clientUUID: string };
    const license = await licenseOf(services.db, clientUUID);
    if (!license) return reply.code(404).send({ message: `Client ${clientUUID} not found` });
    await activateKey(services.db, request.collectorKey?.keyId as string);
    return { subscriptionStatus: license.subscriptionStatus, mode: license.mode, sleepForMs: license.sleepForMs };
  });

  app.post('/client/:clientUUID/collector/license', { onRequest }, async (request, reply) => {
    const { clientUUID } = request.params as { clientUUID: string };
    const parsed = licenseRequestSchema.safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ message: `Invalid licence request: ${describeZodError(parsed.error)}` });
    const license = await licenseOf(services.db, clientUUID);
    if (!license) return reply.code(404).send({ message: `Client ${clientUUID} not found` });
    const bound = await bindMachine(services.db, request.collectorKey?.keyId as string, parsed.data.machineCode);
    if (bound === 'other-machine') {
      return reply.code(409).send({ message: 'This collector key is already in use on another machine' });
    }
    return license;
  });
}
