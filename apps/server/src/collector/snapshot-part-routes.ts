import { Readable } from 'node:stream';
import {
  SNAPSHOT_MAX_PARTS,
  SNAPSHOT_PART_MAX_BYTES,
  SNAPSHOT_PART_MAX_COMPRESSED_BYTES,
  snapshotBeginAnswerSchema,
  snapshotCommitAnswerSchema,
  snapshotPartAnswerSchema,
  snapshotPartLineSchema,
} from '@burgwall/shared';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ApiApp } from '../http/api-app';
import { NDJSON_CONTENT_TYPE } from '../http/openapi';
import { ProblemError } from '../http/problem';
import type { Services } from '../services';
import { receivingSnapshot, storeSnapshotPart } from '../snapshots/snapshot-store';
import { cappedStreamBody, gunzipRequestBody } from './gzip-body';
import { snapshotPartLines } from './snapshot-part-lines';
import { snapshotBatchParamsSchema, snapshotBeginSchema, snapshotCommitSchema, snapshotPartParamsSchema } from './upload-schemas';
import { beginSnapshotUpload, commitSnapshotUpload } from './upload-service';
import { SNAPSHOT_PARTS_AT_ONCE, type UploadSlots } from './upload-slots';

/** A snapshot's head (domain, AD CS, scripts, well-known principals) is small next to its objects. */
const HEAD_BODY_LIMIT = 32 * 1024 * 1024;
const mb = (bytes: number) => (bytes / 1024 / 1024).toLocaleString('de-DE');
/** About two of storeSnapshotPart's insert chunks: a few megabytes of parsed objects. */
const READ_AHEAD_LINES = 4_000;
/** zlib's errors carry codes like Z_DATA_ERROR (not gzip) or Z_BUF_ERROR (cut off). */
const isGzipError = (error: unknown) => /^Z_/.test(String((error as { code?: unknown }).code));
const KEY_ONLY = 'Nur der Collector mit dem Schlüssel des Kunden (Authorization: ApiKey …).';

/**
 * A snapshot upload in parts (issue 15), for domains of any size: begin with the head, send the objects in parts of
 * newline-delimited JSON (each ≤ 10 MB gzip, streamed into the table, never held whole), commit. Every step is
 * idempotent per batch id, so the collector resends whatever did not get an answer.
 *
 * POST /client/{clientUUID}/collector/snapshots                              {batchId, head}
 * PUT  /client/{clientUUID}/collector/snapshots/{batchId}/parts/{partNo}    NDJSON, one {kind, object} a line
 * POST /client/{clientUUID}/collector/snapshots/{batchId}/commit           {partCount}
 */
export async function registerSnapshotPartRoutes(app: ApiApp, services: Services, slots: UploadSlots): Promise<void> {
  app.post(
    '/client/:clientUUID/collector/snapshots',
    {
      bodyLimit: HEAD_BODY_LIMIT,
      config: { auth: 'collector-key' },
      onRequest: slots.acquire,
      preParsing: gunzipRequestBody,
      schema: {
        summary: 'Snapshot-Übertragung in Teilen beginnen (Collector)',
        description: `Beginnt die Übertragung eines Snapshots mit seinem Kopf (alles außer den Objektlisten). Idempotent je batchId: 201 für eine neue Übertragung, 200 für eine schon begonnene (\`parts\` nennt die Teile, die der Server schon hat) oder eine schon abgeschlossene (\`state: complete\` – nichts mehr zu senden). Danach die Teile (PUT …/parts/{partNo}; \`partsAtOnce\` nennt, wie viele davon der Collector gleichzeitig senden darf) und der Abschluss (POST …/commit). gzip erlaubt, entpackt höchstens ${mb(HEAD_BODY_LIMIT)} MB. ${KEY_ONLY}`,
        body: snapshotBeginSchema,
        response: { 200: snapshotBeginAnswerSchema, 201: snapshotBeginAnswerSchema },
      },
    },
    async (request, reply) => {
      const { batchId, head } = request.body;
      const begun = await beginSnapshotUpload(services, request.tenant.clientId, batchId, head);
      return reply.code(begun.created ? 201 : 200).send({ batchId, snapshotId: begun.snapshotId, state: begun.state, parts: begun.parts, partsAtOnce: SNAPSHOT_PARTS_AT_ONCE });
    },
  );

  // The parts route reads its body as a stream: in a plugin of its own, whose only content-type parser hands the
  // (capped, gunzipped) request stream to the handler instead of buffering it.
  await app.register(async (plugin) => {
    const scope = plugin.withTypeProvider<ZodTypeProvider>();
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(NDJSON_CONTENT_TYPE, (_request, payload, done) => done(null, payload));
    scope.put(
      '/client/:clientUUID/collector/snapshots/:batchId/parts/:partNo',
      {
        config: { auth: 'collector-key', ndjsonLineSchema: snapshotPartLineSchema },
        onRequest: slots.acquirePart,
        preParsing: cappedStreamBody({ sent: SNAPSHOT_PART_MAX_COMPRESSED_BYTES, unpacked: SNAPSHOT_PART_MAX_BYTES }),
        schema: {
          summary: 'Einen Teil eines Snapshots hochladen (Collector)',
          description: `Ein Teil (1 bis ${SNAPSHOT_MAX_PARTS.toLocaleString('de-DE')}) einer begonnenen Übertragung als ${NDJSON_CONTENT_TYPE}: je Zeile ein Objekt {"kind": "users" | "computers" | …, "object": {…}} in Snapshot-Form. Content-Encoding gzip empfohlen; höchstens ${mb(SNAPSHOT_PART_MAX_COMPRESSED_BYTES)} MB wie gesendet und ${mb(SNAPSHOT_PART_MAX_BYTES)} MB entpackt (sonst 413). Idempotent: ein erneut gesendeter Teil ersetzt seine Objekte. Eine fehlerhafte Zeile wird mit 400 (Zeile und Feld genannt) abgelehnt, vom Teil wird dann nichts gespeichert. 404 ohne begonnene Übertragung, 409 nach dem Abschluss. ${KEY_ONLY}`,
          params: snapshotPartParamsSchema,
          response: { 200: snapshotPartAnswerSchema },
        },
      },
      async (request, reply) => {
        const { batchId, partNo } = request.params;
        const body = request.body instanceof Readable ? request.body : Readable.from([]);
        try {
          const { snapshotId } = await receivingSnapshot(services.db, request.tenant.clientId, batchId);
          // Lines are read, parsed and validated ahead (up to READ_AHEAD_LINES) while the database inserts the previous
          // rows: Node and PostgreSQL work at the same time instead of taking turns.
          const lines = Readable.from(snapshotPartLines(body, partNo), { objectMode: true, highWaterMark: READ_AHEAD_LINES });
          const objects = await storeSnapshotPart(services.db, request.tenant.clientId, snapshotId, partNo, lines);
          return { batchId, partNo, objects };
        } catch (error) {
          // The rest of the part is not read: the connection ends with the answer instead of waiting for it.
          if (!body.readableEnded) reply.header('connection', 'close');
          throw isGzipError(error) ? new ProblemError(400, `Die gzip-Daten von Teil ${partNo} sind beschädigt oder unvollständig; nichts davon wurde gespeichert.`) : error;
        }
      },
    );
  });

  app.post(
    '/client/:clientUUID/collector/snapshots/:batchId/commit',
    {
      config: { auth: 'collector-key' },
      schema: {
        summary: 'Snapshot-Übertragung in Teilen abschließen (Collector)',
        description: `Schließt die Übertragung ab, wenn die Teile 1 bis partCount angekommen sind (sonst 409 mit den fehlenden Teilen): der Snapshot wird aktuell und als Job ausgewertet. Idempotent: 201 beim Abschluss, 200 für eine schon abgeschlossene Übertragung (created: false); Antwort wie beim Snapshot in einem Stück. 404 ohne begonnene Übertragung. ${KEY_ONLY}`,
        params: snapshotBatchParamsSchema,
        body: snapshotCommitSchema,
        response: { 200: snapshotCommitAnswerSchema, 201: snapshotCommitAnswerSchema },
      },
    },
    async (request, reply) => {
      const { batchId } = request.params;
      const committed = await commitSnapshotUpload(services, request.tenant.clientId, batchId, request.body.partCount);
      const count = (kind: string) => committed.counts[kind] ?? 0;
      return reply.code(committed.created ? 201 : 200).send({
        batchId,
        snapshotId: committed.snapshotId,
        created: committed.created,
        counts: { users: count('users'), computers: count('computers'), groups: count('groups'), organizationalUnits: count('organizationalUnits'), gpos: count('gpos') },
      });
    },
  );
}
