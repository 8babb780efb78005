import { changesUploadAnswerSchema, snapshotUploadAnswerSchema } from '@burgwall/shared';
import type { ApiApp } from '../http/api-app';
import type { Services } from '../services';
import { gunzipRequestBody } from './gzip-body';
import { UploadSlots } from './upload-slots';
import { registerSnapshotPartRoutes } from './snapshot-part-routes';
import { payloadTooLarge } from '../http/problem';
import { changesUploadSchema, MAX_CHANGES_PER_BATCH, snapshotUploadSchema } from './upload-schemas';
import { storeChangesUpload, storeSnapshotUpload } from './upload-service';

/** Decompressed upload bodies may be this big (a snapshot of a large domain). */
export const UPLOAD_BODY_LIMIT = 200 * 1024 * 1024;

function refuseOversizedBatch(body: unknown): void {
  const changes = (body as { changes?: unknown } | null)?.changes;
  if (!Array.isArray(changes) || changes.length <= MAX_CHANGES_PER_BATCH) return;
  throw payloadTooLarge(
    `Der Batch enthält ${changes.length.toLocaleString('de-DE')} Änderungen; höchstens ${MAX_CHANGES_PER_BATCH.toLocaleString('de-DE')} je Batch werden angenommen. Bitte in kleineren Batches senden – nichts davon wurde gespeichert.`,
  );
}

/**
 * POST /client/{clientUUID}/collector/snapshot  {batchId, snapshot}   (whole, for older collectors; see snapshot-part-routes)
 * POST /client/{clientUUID}/collector/changes   {batchId, changes, domainObjectGuid?}
 * Collector-key auth, gzip accepted, validated by the route schema: a bad batch is refused with 400 (problem details
 * naming each bad field) and nothing of it is stored.
 */
export async function registerUploadRoutes(app: ApiApp, services: Services): Promise<void> {
  const slots = new UploadSlots(services.config.UPLOAD_CONCURRENCY);
  const options = {
    bodyLimit: UPLOAD_BODY_LIMIT,
    config: { auth: 'collector-key' },
    // After the scope guard (it knows the client), before the body is read: one upload per client, a few overall.
    onRequest: slots.acquire,
    preParsing: gunzipRequestBody,
  } as const;

  app.post(
    '/client/:clientUUID/collector/snapshot',
    {
      ...options,
      schema: {
        summary: 'Snapshot des Verzeichnisses in einem Stück hochladen (Collector)',
        description: 'Für ältere Collector; neuere senden Snapshots in Teilen (POST …/collector/snapshots, PUT …/parts/{partNo}, POST …/commit), was für Domänen jeder Größe reicht. Idempotent je batchId: 201 für einen neuen, 200 für einen schon gespeicherten Batch. gzip erlaubt, entpackt höchstens 200 MB (sonst 413); ein fehlerhafter Batch wird mit 400 abgelehnt und nicht gespeichert. Nur der Collector mit dem Schlüssel des Kunden (Authorization: ApiKey …).',
        body: snapshotUploadSchema,
        response: { 200: snapshotUploadAnswerSchema, 201: snapshotUploadAnswerSchema },
      },
    },
    async (request, reply) => {
      const { batchId, snapshot } = request.body;
      const result = await storeSnapshotUpload(services, request.tenant.clientId, batchId, snapshot);
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
    },
  );

  await registerSnapshotPartRoutes(app, services, slots);

  app.post(
    '/client/:clientUUID/collector/changes',
    {
      ...options,
      schema: {
        summary: 'Änderungen hochladen (Collector)',
        description: `Speichert Attributänderungen vollständig oder gar nicht (schon gespeicherte werden übersprungen) und prüft sie danach als Job auf Angriffe; die mitgesandten geänderten Objekte („objects“, in Snapshot-Form) werden über den letzten Snapshot gelegt und die Prüfungen wenige Sekunden später neu ausgewertet; ein leerer Batch ist das Lebenszeichen der Replikation. Höchstens ${MAX_CHANGES_PER_BATCH.toLocaleString('de-DE')} Änderungen je Batch (sonst 413). gzip erlaubt, entpackt höchstens 200 MB (sonst 413). Nur der Collector mit dem Schlüssel des Kunden (Authorization: ApiKey …).`,
        body: changesUploadSchema,
        response: { 200: changesUploadAnswerSchema },
      },
      // Before validation: a batch too large to store is a 413 the collector answers by splitting it, not a 400.
      preValidation: async (request) => refuseOversizedBatch(request.body),
    },
    async (request) => {
      const { batchId, changes, domainObjectGuid, objects } = request.body;
      const version = request.headers['x-collector-version'];
      const { changeIds } = await storeChangesUpload(
        services,
        request.tenant.clientId,
        { changes, domainObjectGuid, objects },
        typeof version === 'string' && /^[\w.+-]{1,40}$/.test(version) ? version : null,
      );
      return { batchId, received: changes.length, stored: changeIds.length, changeIds };
    },
  );
}
