import {
  type CollectorAuditStatus,
  collectorAuditStatusSchema,
  collectorConfigSchema,
  collectorHealthAnswerSchema,
  collectorLogAnswerSchema,
  collectorLogBodySchema,
  collectorLogParamsSchema,
  collectorUpdateQuerySchema,
  collectorVersionSchema,
  FULL_COLLECTION_INTERVAL_HOURS,
  initialScanSchema,
} from '@burgwall/shared';
import { sql } from 'kysely';
import { z } from 'zod';
import type { ApiApp } from '../http/api-app';
import { ProblemError } from '../http/problem';
import type { Services } from '../services';
import type { ClientTenant } from '../tenancy/tenant-context';
import { collectorHealth } from './collector-health';
import { versionStatus } from './collector-version';
import { sleepForMsOf } from './license-service';

const MAX_LOG_BYTES = 5 * 1024 * 1024;
const CHANGE_BATCH_SIZE = 5000;
const HOUR_MS = 60 * 60 * 1000;
/** SPEC-fixed text of the 500 of GET …/collector/health. */
const HEALTH_FAILED = 'Error calculating collector status';

const byKey = { auth: 'collector-key' } as const;
const byKeyOrUser = { auth: 'collector-key-or-user' } as const;

async function collectorStatus(tenant: ClientTenant) {
  return tenant.db.selectFrom('status_collector').selectAll().executeTakeFirst();
}

/** The SPEC §7 collector calls besides licence, uploads and installer. */
export function registerStatusRoutes(app: ApiApp, services: Services): void {
  app.get(
    '/client/:clientUUID/collector/update',
    {
      config: byKey,
      schema: {
        summary: 'Update des Collectors prüfen (Collector)',
        description: 'Ob für die installierte (oder angegebene) Version ein Update ansteht. Nur der Collector mit dem Schlüssel des Kunden (Authorization: ApiKey …).',
        querystring: collectorUpdateQuerySchema,
        response: { 200: collectorVersionSchema },
      },
    },
    async (request) => {
      const { tenant } = request;
      const installed = request.query.currentVersion ?? (await collectorStatus(tenant))?.version ?? null;
      return versionStatus(installed, tenant.clientId);
    },
  );

  app.get(
    '/client/:clientUUID/collector/version',
    {
      config: byKeyOrUser,
      schema: {
        summary: 'Version des Collectors lesen',
        description: 'Installierte und aktuelle Version des Collectors. Für den Collector (ApiKey) und angemeldete Benutzer mit Zugriff auf den Kunden.',
        response: { 200: collectorVersionSchema },
      },
    },
    async (request) => versionStatus((await collectorStatus(request.tenant))?.version ?? null, request.tenant.clientId),
  );

  app.get(
    '/client/:clientUUID/collector/config',
    {
      config: byKey,
      schema: {
        summary: 'Konfiguration des Collectors lesen (Collector)',
        description: 'Wartezeit, Intervall der Vollerfassung, Batch-Größe und Upload der Protokolle; mit `Accept: text/plain` als Zeilen key=value. Nur der Collector mit dem Schlüssel des Kunden (Authorization: ApiKey …).',
        response: {
          200: {
            description: 'Einstellungen des Collectors; mit `Accept: text/plain` als Zeilen key=value',
            content: { 'application/json': { schema: collectorConfigSchema }, 'text/plain': { schema: z.string() } },
          },
        },
      },
    },
    async (request, reply) => {
      const client = await services.db
        .selectFrom('client')
        .select('client_mode')
        .where('client_id_pk', '=', request.tenant.clientId)
        .executeTakeFirstOrThrow();
      const status = await collectorStatus(request.tenant);
      const requestedAt = status?.full_collection_requested_at ?? null;
      const config = {
        sleepForMs: sleepForMsOf(client.client_mode),
        // The client setting „Vollständige Erfassung alle … Stunden“ (collector-settings-routes.ts).
        fullCollectionIntervalMs: (status?.full_collection_interval_hours ?? FULL_COLLECTION_INTERVAL_HOURS.default) * HOUR_MS,
        changeBatchSize: CHANGE_BATCH_SIZE,
        uploadLogs: true,
        fullCollectionRequested: requestedAt !== null && (status?.last_data_at == null || status.last_data_at < requestedAt),
      };
      const wantsText = (request.headers.accept ?? '').includes('text/plain');
      if (!wantsText) return reply.type('application/json; charset=utf-8').send(config);
      return reply.type('text/plain; charset=utf-8').send(Object.entries(config).map(([k, v]) => `${k}=${v}`).join('\n') + '\n');
    },
  );

  app.get(
    '/client/:clientUUID/collector/health',
    {
      config: byKeyOrUser,
      schema: {
        summary: 'Zustand des Collectors lesen',
        description: 'Ampel aus letzter Datenübertragung und Replikation; bei einem Fehler 500 mit dem SPEC-festen Text „Error calculating collector status“. Für den Collector (ApiKey) und angemeldete Benutzer mit Zugriff auf den Kunden.',
        response: { 200: collectorHealthAnswerSchema },
      },
    },
    async (request) => {
      try {
        const status = await collectorStatus(request.tenant);
        return collectorHealth({
          lastDataAt: status?.last_data_at ?? null,
          lastReplicationAt: status?.last_replication_at ?? null,
          cloudLastReplicationAt: status?.cloud_last_replication_at ?? null,
        });
      } catch (error) {
        request.log.error({ err: error }, 'collector health failed');
        throw new ProblemError(500, HEALTH_FAILED);
      }
    },
  );

  app.get(
    '/client/:clientUUID/collector/audit/status',
    {
      config: byKeyOrUser,
      schema: {
        summary: 'Stand der Erstprüfung lesen',
        description: 'waiting, running, completed oder failed, mit dem Zeitpunkt des letzten Snapshots. Für den Collector (ApiKey) und angemeldete Benutzer mit Zugriff auf den Kunden.',
        response: { 200: collectorAuditStatusSchema },
      },
    },
    async (request) => {
      const { tenant } = request;
      const [status, snapshot] = await Promise.all([
        collectorStatus(tenant),
        // Committed snapshots only: an upload in parts still arriving is no finished collection yet.
        tenant.db.selectFrom('snapshot').select('collected_at').where('state', '=', 'complete').orderBy('collected_at', 'desc').limit(1).executeTakeFirst(),
      ]);
      const scan = status?.initial_scan_status ?? null;
      const state: CollectorAuditStatus['status'] =
        scan === 'failed' ? 'failed' : snapshot ? 'completed' : scan === 'started' || scan === 'running' ? 'running' : 'waiting';
      return { status: state, lastSnapshotAt: snapshot?.collected_at.toISOString() ?? null };
    },
  );

  app.post(
    '/client/:clientUUID/collector/initialscan',
    {
      config: byKey,
      schema: {
        summary: 'Status der Ersterfassung melden (Collector)',
        description: 'Nur der Collector mit dem Schlüssel des Kunden (Authorization: ApiKey …).',
        body: initialScanSchema,
        response: { 200: initialScanSchema },
      },
    },
    async (request) => {
      const { status } = request.body;
      await request.tenant.db
        .updateTable('status_collector')
        .set({ initial_scan_status: status, initial_scan_at: new Date(), updated_at: sql`now()` })
        .execute();
      return { status };
    },
  );

  // Logs arrive as plain text (Fastify's text/plain parser) or JSON {content}; up to 5 MB.
  app.post(
    '/client/:clientUUID/collector/log/:logName',
    {
      config: byKey,
      bodyLimit: MAX_LOG_BYTES,
      schema: {
        summary: 'Protokoll hochladen (Collector)',
        description: 'Als text/plain oder JSON {content}, höchstens 5 MB (sonst 413). Nur der Collector mit dem Schlüssel des Kunden (Authorization: ApiKey …).',
        consumes: ['text/plain', 'application/json'],
        params: collectorLogParamsSchema,
        body: collectorLogBodySchema,
        response: { 201: collectorLogAnswerSchema },
      },
    },
    async (request, reply) => {
      const { logName } = request.params;
      const content = typeof request.body === 'string' ? request.body : request.body.content;
      const row = await request.tenant.db
        .insertInto('collector_log')
        .values({ log_name: logName, content })
        .returning('collector_log_id_pk')
        .executeTakeFirstOrThrow();
      return reply.code(201).send({ logId: row.collector_log_id_pk, logName, bytes: Buffer.byteLength(content) });
    },
  );
}
