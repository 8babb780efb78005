import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { clientDb } from '../db/client-db';
import type { Services } from '../services';
import { requireCollectorKey, requireCollectorKeyOrUser } from './collector-auth';
import { collectorHealth } from './collector-health';
import { versionStatus } from './collector-version';
import { sleepForMsOf } from './license-service';
import { describeZodError } from './upload-schemas';

export const INITIAL_SCAN_STATUSES = ['started', 'running', 'finished', 'failed'] as const;
const initialScanSchema = z.object({ status: z.enum(INITIAL_SCAN_STATUSES) });
const logNameSchema = z.string().regex(/^[A-Za-z0-9._-]{1,100}$/, 'must be 1-100 characters of A-Z a-z 0-9 . _ -');
const MAX_LOG_BYTES = 5 * 1024 * 1024;
/** A full collection at least this often even without changes (the checks need a fresh snapshot). */
const FULL_COLLECTION_INTERVAL_MS = 6 * 60 * 60 * 1000;
const CHANGE_BATCH_SIZE = 5000;

async function collectorStatus(services: Services, clientId: string) {
  return clientDb(services.db, clientId).selectFrom('status_collector').selectAll().executeTakeFirst();
}

/** The SPEC §7 collector calls besides licence, uploads and installer. */
export function registerStatusRoutes(app: FastifyInstance, services: Services): void {
  const byKey = requireCollectorKey(services);
  const byKeyOrUser = requireCollectorKeyOrUser(services);

  app.get('/client/:clientUUID/collector/update', { onRequest: byKey }, async (request) => {
    const { clientUUID } = request.params as { clientUUID: string };
    const { currentVersion } = request.query as { currentVersion?: string };
    const installed = currentVersion ?? (await collectorStatus(services, clientUUID))?.version ?? null;
    return versionStatus(installed, clientUUID);
  });

  app.get('/client/:clientUUID/collector/version', { onRequest: byKeyOrUser }, async (request) => {
    const { clientUUID } = request.params as { clientUUID: string };
    return versionStatus((await collectorStatus(services, clientUUID))?.version ?? null, clientUUID);
  });

  app.get('/client/:clientUUID/collector/config', { onRequest: byKey }, async (request, reply) => {
    const { clientUUID } = request.params as { clientUUID: string };
    const client = await services.db
      .selectFrom('client')
      .select('client_mode')
      .where('client_id_pk', '=', clientUUID)
      .executeTakeFirstOrThrow();
    const config = {
      sleepForMs: sleepForMsOf(client.client_mode),
      fullCollectionIntervalMs: FULL_COLLECTION_INTERVAL_MS,
      changeBatchSize: CHANGE_BATCH_SIZE,
      uploadLogs: true,
    };
    const wantsText = (request.headers.accept ?? '').includes('text/plain');
    if (!wantsText) return config;
    return reply.type('text/plain; charset=utf-8').send(Object.entries(config).map(([k, v]) => `${k}=${v}`).join('\n') + '\n');
  });

  app.get('/client/:clientUUID/collector/health', { onRequest: byKeyOrUser }, async (request, reply) => {
    const { clientUUID } = request.params as { clientUUID: string };
    try {
      const status = await collectorStatus(services, clientUUID);
      return collectorHealth({
        lastDataAt: status?.last_data_at ?? null,
        lastReplicationAt: status?.last_replication_at ?? null,
        cloudLastReplicationAt: status?.cloud_last_replication_at ?? null,
      });
    } catch (error) {
      request.log.error({ err: error }, 'collector health failed');
      return reply.code(500).send({ message: 'Error calculating collector status' });
    }
  });

  app.get('/client/:clientUUID/collector/audit/status', { onRequest: byKeyOrUser }, async (request) => {
    const { clientUUID } = request.params as { clientUUID: string };
    const table = clientDb(services.db, clientUUID);
    const [status, snapshot] = await Promise.all([
      collectorStatus(services, clientUUID),
      table.selectFrom('snapshot').select('collected_at').orderBy('collected_at', 'desc').limit(1).executeTakeFirst(),
    ]);
    const scan = status?.initial_scan_status ?? null;
    const state =
      scan === 'failed' ? 'failed' : snapshot ? 'completed' : scan === 'started' || scan === 'running' ? 'running' : 'waiting';
    return { status: state, lastSnapshotAt: snapshot?.collected_at.toISOString() ?? null };
  });

  app.post('/client/:clientUUID/collector/initialscan', { onRequest: byKey }, async (request, reply) => {
    const { clientUUID } = request.params as { clientUUID: string };
    const parsed = initialScanSchema.safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ message: `Invalid initial scan status: ${describeZodError(parsed.error)}` });
    await clientDb(services.db, clientUUID)
      .updateTable('status_collector')
      .set({ initial_scan_status: parsed.data.status, initial_scan_at: new Date(), updated_at: sql`now()` })
      .execute();
    return { status: parsed.data.status };
  });

  // Logs arrive as plain text (Fastify's default text/plain parser) or JSON {content}; up to 5 MB.
  app.post('/client/:clientUUID/collector/log/:logName', { onRequest: byKey, bodyLimit: MAX_LOG_BYTES }, async (request, reply) => {
    const { clientUUID, logName } = request.params as { clientUUID: string; logName: string };
    const name = logNameSchema.safeParse(logName);
    if (!name.success) return reply.code(400).send({ message: `Invalid log name: ${describeZodError(name.error)}` });
    const body = request.body;
    const content = typeof body === 'string' ? body : (body as { content?: unknown } | null)?.content;
    if (typeof content !== 'string' || content.length === 0) {
      return reply.code(400).send({ message: 'Log body must be non-empty text (text/plain or JSON {"content": "…"})' });
    }
    const row = await clientDb(services.db, clientUUID)
      .insertInto('collector_log')
      .values({ log_name: name.data, content })
      .returning('collector_log_id_pk')
      .executeTakeFirstOrThrow();
    return reply.code(201).send({ logId: row.collector_log_id_pk, logName: name.data, bytes: Buffer.byteLength(content) });
  });
}
