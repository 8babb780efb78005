import type { FastifyInstance } from 'fastify';
import type { Services } from '../services';
import { requireCollectorKey } from './collector-auth';
import { gunzipRequestBody } from './gzip-body';
import { changesUploadSchema, describeZodError, snapshotUploadSchema } from './upload-schemas';
import { storeChangesUpload, storeSnapshotUpload } from './upload-service';

/** Decompressed upload bodies may be this big (a snapshot of a large domain). */
export const UPLOAD_BODY_LIMIT = 200 * 1024 * 1024;

/**
 * POST /client/{clientUUID}/collector/snapshot  {batchId, snapshot}
 * POST /client/{clientUUID}/collector/changes   {batchId, changes, domainObjectGuid?}
 * Collector-key auth, gzip accepted, zod-validated: a bad batch is refused with 400 and nothing of it is stored.
 */
export function registerUploadRoutes(app: FastifyInstance, services: Services): void {
  const options = {
    bodyLimit: UPLOAD_BODY_LIMIT,
    onRequest: requireCollectorKey(services),
    preParsing: gunzipRequestBody,
  };

  app.post('/client/:clientUUID/collector/snapshot', options, async (request, reply) => {
    const { clientUUID } = request.params as { clientUUID: string };
    const parsed = snapshotUploadSchema.safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ message: `Invalid snapshot batch: ${describeZodError(parsed.error)}` });
    const { batchId, snapshot } = parsed.data;
    const result = await storeSnapshotUpload(services, clientUUID, batchId, snapshot);
    return reply.code(result.created ? 201 : 200).send({
      batchId,
      snapshotId: result.snapshotId,
      created: result.created,
      counts: {
        users: snapshot.users.length,
        computers: snapshot.computers.length,
        groups: snapshot.groups.length,
        organizationalUnits: snapshot.organizationalUnits.length,
        gpos: snapshot.gpos.length,
      },
    });
  });

  app.post('/client/:clientUUID/collector/changes', options, async (request, reply) => {
    const { clientUUID } = request.params as { clientUUID: string };
    const parsed = changesUploadSchema.safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ message: `Invalid change batch: ${describeZodError(parsed.error)}` });
    const { batchId, changes, domainObjectGuid } = parsed.data;
    const version = request.headers['x-collector-version'];
    const { changeIds } = await storeChangesUpload(
      services,
      clientUUID,
      changes,
      domainObjectGuid,
      typeof version === 'string' && /^[\w.+-]{1,40}$/.test(version) ? version : null,
    );
    return reply.send({ batchId, received: changes.length, stored: changeIds.length, changeIds });
  });
}
