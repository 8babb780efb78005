import { checkBySlug } from '@burgwall/checks';
import {
  findingChangesAnswerSchema,
  findingChangesQuerySchema,
  criticalitiesResetAnswerSchema,
  dayEnd,
  exceptionCreateBodySchema,
  exceptionCreatedSchema,
  exceptionsAnswerSchema,
  findingsAnswerSchema,
  findingsQuerySchema,
  ioeStatesSchema,
  ioeUpdateAnswerSchema,
  ioeUpdateBodySchema,
  messageSchema,
  noBodySchema,
  parseGermanDate,
  rescanAnswerSchema,
  rescanQueuedSchema,
  scoreHistorySchema,
  securityScoreAnswerSchema,
  thresholdsResetAnswerSchema,
} from '@burgwall/shared';
import { z } from 'zod';
import type { Transaction } from 'kysely';
import { clientDb } from '../db/client-db';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';
import type { ApiApp } from '../http/api-app';
import { badRequest, conflict, notFound } from '../http/problem';
import type { Services } from '../services';
import { alertsAfterEvaluation } from '../alerts/alert-dispatch';
import { findingChangesSinceLastCheck } from './check-changes';
import { evaluateNowOrQueue, queuedEvaluationText } from './evaluate-now-or-queue';
import { ioeState, loadIoeStates } from './ioe-states';
import { ioeStatesAnswer, keptIoeStatesProbe } from './ioe-states-answer';
import { sendPrecompressedJson } from '../http/precompressed-json';
import { findingCounts, loadIoeRows } from './ioe-store';
import { findingsPage } from './finding-page';
import { recomputeScore } from './security-score';
import { enqueueEntraCollection } from '../entra/entra-collection-job';
import { hasValidEntraConnection } from '../entra/entra-store';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const ioeParams = z.object({ clientUUID: z.string(), ioeId: z.string().min(1).describe('ID (UUID) oder Slug der Prüfung') });
const exceptionParams = z.object({ clientUUID: z.string(), exceptionId: z.uuid() });
/** The slug of the UI route may contain slashes, so the findings read takes the rest of the path. */
const findingsParams = z.object({ clientUUID: z.string(), '*': z.string().describe('Slug der Prüfung (darf / enthalten)') });

async function findIoe(db: Db, clientId: string, idOrSlug: string) {
  const rows = await loadIoeRows(db, clientId);
  return rows.find((row) => (UUID.test(idOrSlug) ? row.ioeId === idOrSlug.toLowerCase() : row.ioeType === idOrSlug));
}

const ioeNotFound = (idOrSlug: string) => notFound(`Die Prüfung „${idOrSlug}“ wurde nicht gefunden.`);

/**
 * Stores a change of the IoE settings with its evaluation (evaluate-now-or-queue.ts): evaluated in the request for a
 * small domain (rescored only when there is no data to evaluate), queued for a large one. True when queued.
 */
async function storeAndEvaluate(services: Services, clientId: string, store: (trx: Transaction<Database>) => Promise<unknown>): Promise<boolean> {
  const outcome = await evaluateNowOrQueue(services, clientId, store);
  if (outcome.queued) return true;
  if (!outcome.summary) await recomputeScore(services.db, clientId);
  return false;
}

/** SPEC §7 "Findings and scoring" plus the findings, exceptions and score-history reads of the IoE screens (client scope). */
export function registerIoeRoutes(app: ApiApp, services: Services): void {
  const { db } = services;

  app.get(
    '/client/:clientUUID/ioe/states',
    {
      config: { apiTokenScope: 'findings:read', clientProbe: keptIoeStatesProbe },
      schema: {
        summary: 'Prüfungen und Sicherheitswert des Kunden lesen',
        description: 'Zustand jeder Prüfung (IoE) mit Befundzahlen und der aktuelle Score. Für admin, den Dienstleister des Kunden und Benutzer des Kunden.',
        response: { 200: ioeStatesSchema },
      },
    },
    // Sent as ready JSON (text or compressed), checked against the schema when it was built: Fastify sends a string or
    // buffer as it is.
    async (request, reply) => sendPrecompressedJson(request, reply, await ioeStatesAnswer(db, request.tenant.clientId, request.tenant.probe)),
  );

  app.post(
    '/client/:clientUUID/ioe/security-score',
    {
      schema: {
        summary: 'Sicherheitswert neu berechnen',
        description: 'Für admin, den Dienstleister des Kunden und Benutzer des Kunden. Ohne Body.',
        body: noBodySchema,
        response: { 200: securityScoreAnswerSchema },
      },
    },
    async (request) => {
      const result = await recomputeScore(db, request.tenant.clientId);
      return { score: result.score, grade: result.grade, colour: result.colour, openFindings: result.openFindings };
    },
  );

  app.get(
    '/client/:clientUUID/ioe/changes',
    {
      schema: {
        summary: 'Neue und behobene Befunde seit der letzten Prüfung',
        description:
          'Befundobjekte, die seit Beginn der vorigen Prüfung (Auswertung neuer Verzeichnisdaten) hinzukamen oder verschwanden, kritischste zuerst; vor der zweiten Prüfung gibt es keinen Vergleich (previousCheckAt = null). Für admin, den Dienstleister des Kunden und Benutzer des Kunden.',
        querystring: findingChangesQuerySchema,
        response: { 200: findingChangesAnswerSchema },
      },
    },
    async (request) => findingChangesSinceLastCheck(request.tenant.db, request.query.limit),
  );

  app.get(
    '/client/:clientUUID/ioe/score-history',
    {
      config: { apiTokenScope: 'findings:read' },
      schema: {
        summary: 'Verlauf des Sicherheitswerts lesen',
        description: 'Die letzten 90 Berechnungen, älteste zuerst. Für admin, den Dienstleister des Kunden und Benutzer des Kunden.',
        response: { 200: scoreHistorySchema },
      },
    },
    async (request) => {
      const rows = await request.tenant.db
        .selectFrom('score_history')
        .select(['score', 'grade', 'open_findings', 'computed_at'])
        .orderBy('computed_at', 'desc')
        .limit(90)
        .execute();
      return {
        history: rows.reverse().map((row) => ({ score: row.score, grade: row.grade, openFindings: row.open_findings, computedAt: row.computed_at.toISOString() })),
      };
    },
  );

  app.post(
    '/client/:clientUUID/ioe/criticalities/reset',
    {
      schema: {
        summary: 'Kritikalitäten zurücksetzen',
        description: 'Setzt alle Kritikalitäten auf die Standardwerte und berechnet den Score neu. Für admin, den Dienstleister des Kunden und Benutzer des Kunden. Ohne Body.',
        body: noBodySchema,
        response: { 200: criticalitiesResetAnswerSchema },
      },
    },
    async (request) => {
      await request.tenant.db.updateTable('ioe').set({ criticality_override: null }).execute();
      const score = await recomputeScore(db, request.tenant.clientId);
      return { message: 'Die Kritikalitäten wurden auf die Standardwerte zurückgesetzt.', score: score.score };
    },
  );

  app.post(
    '/client/:clientUUID/ioe/thresholds/reset',
    {
      schema: {
        summary: 'Schwellenwerte der Prüfungen zurücksetzen',
        description:
          'Setzt alle Schwellenwerte auf die Standardwerte und wertet neu aus; eine große Domäne (ab EVALUATION_WORKER_MIN_OBJECTS Objekten) im Hintergrund (evaluationQueued: true). Für admin, den Dienstleister des Kunden und Benutzer des Kunden. Ohne Body.',
        body: noBodySchema,
        response: { 200: thresholdsResetAnswerSchema },
      },
    },
    async (request) => {
      const { clientId } = request.tenant;
      const queued = await storeAndEvaluate(services, clientId, (trx) => clientDb(trx, clientId).updateTable('ioe').set({ thresholds: '{}' }).execute());
      return { message: `Die Schwellenwerte wurden auf die Standardwerte zurückgesetzt${queued ? '; die Auswertung läuft im Hintergrund' : ''}.`, evaluationQueued: queued };
    },
  );

  app.post(
    '/client/:clientUUID/audit/rescan',
    {
      schema: {
        summary: 'Prüfungen neu auswerten',
        description:
          'Wertet den neuesten Snapshot erneut aus, fordert beim Collector eine Vollerfassung an (GET collector/config: fullCollectionRequested) und stößt bei verbundener Entra ID eine neue Erfassung über Microsoft Graph an (als Hintergrundauftrag); gibt es noch keinen Snapshot, antwortet 409. Eine große Domäne (ab EVALUATION_WORKER_MIN_OBJECTS Objekten) wird als Hintergrundauftrag ausgewertet: Antwort 202. Für admin, den Dienstleister des Kunden und Benutzer des Kunden. Ohne Body.',
        body: noBodySchema,
        response: { 200: rescanAnswerSchema, 202: rescanQueuedSchema },
      },
    },
    async (request, reply) => {
      const { clientId } = request.tenant;
      // "Jetzt neu auswerten" also asks for fresh data: a full collection from the collector (it reads the request from
      // GET collector/config on its next cycle) and a new Entra collection.
      if (await hasValidEntraConnection(db, clientId)) await enqueueEntraCollection(services.jobs, clientId);
      const outcome = await evaluateNowOrQueue(services, clientId, (trx) =>
        clientDb(trx, clientId).updateTable('status_collector').set({ full_collection_requested_at: new Date() }).execute(),
      );
      // A large domain is evaluated as a job: the page follows the states until the result has landed.
      if (outcome.queued) return reply.code(202).send({ status: 'queued' as const, message: queuedEvaluationText(outcome.objects) });
      const { summary } = outcome;
      if (summary) await alertsAfterEvaluation(services, clientId);
      if (!summary) {
        throw conflict('Für diesen Kunden wurden noch keine Verzeichnisdaten erfasst. Installieren Sie den Collector und warten Sie auf die erste Übertragung.', 'no-snapshot');
      }
      return { status: 'evaluated' as const, ...summary };
    },
  );

  app.get(
    '/client/:clientUUID/ioe/exceptions',
    {
      config: { apiTokenScope: 'findings:read' },
      schema: {
        summary: 'Ausnahmen des Kunden auflisten',
        description: 'Alle Ausnahmen mit Ablaufdatum, neueste zuerst. Für admin, den Dienstleister des Kunden und Benutzer des Kunden.',
        response: { 200: exceptionsAnswerSchema },
      },
    },
    async (request) => {
      const rows = await request.tenant.db
        .selectFrom('finding_exception as e')
        .innerJoin('ioe', 'ioe.ioe_id_pk', 'e.ioe_fk')
        .selectAll('e')
        .select('ioe.ioe_type')
        .orderBy('e.created_at', 'desc')
        .execute();
      const now = Date.now();
      return {
        exceptions: rows.map((row) => ({
          exceptionId: row.exception_id_pk,
          ioeIdPk: row.ioe_fk,
          ioeType: row.ioe_type,
          ioeTitle: checkBySlug(row.ioe_type)?.title ?? row.ioe_type,
          objectKey: row.object_key,
          objectName: row.object_name,
          reason: row.reason,
          comment: row.comment,
          createdBy: row.created_by_email,
          createdAt: row.created_at.toISOString(),
          expiresAt: row.expires_at?.toISOString() ?? null,
          isExpired: row.expires_at !== null && row.expires_at.getTime() <= now,
        })),
      };
    },
  );

  app.delete(
    '/client/:clientUUID/ioe/exceptions/:exceptionId',
    {
      schema: {
        summary: 'Ausnahme entfernen',
        description: 'Der Befund zählt wieder; der Score wird neu berechnet. Für admin, den Dienstleister des Kunden und Benutzer des Kunden.',
        params: exceptionParams,
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      const deleted = await request.tenant.db.deleteFrom('finding_exception').where('exception_id_pk', '=', request.params.exceptionId).executeTakeFirst();
      if (Number(deleted.numDeletedRows) === 0) throw notFound('Die Ausnahme wurde nicht gefunden. Vielleicht wurde sie bereits entfernt.');
      await recomputeScore(db, request.tenant.clientId);
      return { message: 'Die Ausnahme wurde entfernt.' };
    },
  );

  app.get(
    '/client/:clientUUID/ioe/findings/*',
    {
      config: { apiTokenScope: 'findings:read' },
      schema: {
        summary: 'Befunde einer Prüfung lesen',
        description: 'Die Prüfung mit Erläuterung und Abhilfe und ihre Befunde seitenweise (Objekte mit Ausnahme zuletzt); der Slug darf / enthalten. Für admin, den Dienstleister des Kunden und Benutzer des Kunden.',
        params: findingsParams,
        querystring: findingsQuerySchema,
        response: { 200: findingsAnswerSchema },
      },
    },
    async (request) => {
      const { clientId, db: own } = request.tenant;
      const slug = request.params['*'];
      const row = await findIoe(db, clientId, slug);
      const check = checkBySlug(slug);
      if (!row || !check) throw ioeNotFound(slug);
      const counts = (await findingCounts(db, clientId)).get(row.ioeId) ?? { total: 0, excepted: 0 };
      return {
        ioe: ioeState(check, row, counts),
        details: { whyItMatters: check.whyItMatters, remediation: [...check.remediation], category: check.category },
        total: counts.total,
        findings: await findingsPage(own, row.ioeId, counts.total, request.query),
      };
    },
  );

  app.post(
    '/client/:clientUUID/ioe/:ioeId/exceptions',
    {
      schema: {
        summary: 'Ausnahme für ein Objekt anlegen',
        description: 'Nimmt den Befund eines Objekts bis zum Ablaufdatum (Tagesende in Berlin) aus der Wertung; besteht schon eine Ausnahme, antwortet 409. Für admin, den Dienstleister des Kunden und Benutzer des Kunden.',
        params: ioeParams,
        body: exceptionCreateBodySchema,
        response: { 201: exceptionCreatedSchema },
      },
    },
    async (request, reply) => {
      const { clientId, db: own } = request.tenant;
      const row = await findIoe(db, clientId, request.params.ioeId);
      if (!row) throw ioeNotFound(request.params.ioeId);
      const body = request.body;
      // Valid through the whole given day in Berlin (SPEC §9 day end), the time zone the UI shows dates in.
      const germanDay = body.expiresAt?.split('-').reverse().join('.');
      const expiresAt = germanDay ? dayEnd(parseGermanDate(germanDay) as Date) : null;
      if (expiresAt && expiresAt.getTime() <= Date.now()) {
        const message = 'Das Ablaufdatum muss in der Zukunft liegen.';
        throw badRequest(message, [{ path: 'body.expiresAt', message }]);
      }
      const finding = await own.selectFrom('finding').select('object_name').where('ioe_fk', '=', row.ioeId).where('object_key', '=', body.objectKey).executeTakeFirst();
      if (!finding) {
        const message = 'Zu diesem Objekt gibt es bei dieser Prüfung keinen Befund. Laden Sie die Befunde neu und wählen Sie ein aufgeführtes Objekt.';
        throw badRequest(message, [{ path: 'body.objectKey', message }]);
      }
      const principal = request.tenant.principal;
      const inserted = await own
        .insertInto('finding_exception')
        .values({
          ioe_fk: row.ioeId,
          object_key: body.objectKey,
          object_name: finding.object_name,
          reason: body.reason,
          comment: body.comment ?? null,
          created_by_user_uid: principal && UUID.test(principal.userId) ? principal.userId : null,
          created_by_email: principal?.email ?? null,
          expires_at: expiresAt,
        })
        .onConflict((oc) => oc.columns(['ioe_fk', 'object_key']).doNothing())
        .returning('exception_id_pk')
        .executeTakeFirst();
      if (!inserted) throw conflict(`Für „${finding.object_name}“ besteht bei dieser Prüfung bereits eine Ausnahme.`);
      const score = await recomputeScore(db, clientId);
      return reply.code(201).send({ exceptionId: inserted.exception_id_pk, score: score.score });
    },
  );

  app.post(
    '/client/:clientUUID/ioe/:ioeId',
    {
      schema: {
        summary: 'Prüfung anpassen',
        description: 'Deaktivieren, Kritikalität oder Schwellenwerte einer Prüfung (nach ID oder Slug) ändern; antwortet mit der Prüfung und dem neuen Score. Neue Schwellenwerte einer großen Domäne (ab EVALUATION_WORKER_MIN_OBJECTS Objekten) werden im Hintergrund ausgewertet (evaluationQueued: true; die Prüfung zeigt bis dahin die bisherigen Befunde). Für admin, den Dienstleister des Kunden und Benutzer des Kunden.',
        params: ioeParams,
        body: ioeUpdateBodySchema,
        response: { 200: ioeUpdateAnswerSchema },
      },
    },
    async (request) => {
      const { clientId, principal } = request.tenant;
      const row = await findIoe(db, clientId, request.params.ioeId);
      const check = row && checkBySlug(row.ioeType);
      if (!row || !check) throw ioeNotFound(request.params.ioeId);
      const body = request.body;
      if (body.thresholds) {
        for (const [key, value] of Object.entries(body.thresholds)) {
          const definition = check.thresholds.find((candidate) => candidate.key === key);
          if (!definition) {
            const message = `Die Prüfung „${check.title}“ hat keinen Schwellenwert „${key}“.`;
            throw badRequest(message, [{ path: `body.thresholds.${key}`, message }]);
          }
          if (value < definition.min || value > definition.max) {
            const message = `Der Schwellenwert „${definition.label}“ muss zwischen ${definition.min} und ${definition.max} liegen.`;
            throw badRequest(message, [{ path: `body.thresholds.${key}`, message }]);
          }
        }
      }
      const update: Record<string, unknown> = {};
      if (body.is_disabled !== undefined) {
        update.is_disabled = body.is_disabled;
        update.disabled_reason = body.is_disabled ? body.disabled_reason : null;
        update.disabled_comment = body.is_disabled ? (body.disabled_comment ?? null) : null;
        update.disabled_user_uid = body.is_disabled && principal && UUID.test(principal.userId) ? principal.userId : null;
        update.disabled_at = body.is_disabled ? new Date() : null;
      }
      if (body.criticality !== undefined) update.criticality_override = body.criticality === check.criticality ? null : body.criticality;
      if (body.thresholds) update.thresholds = JSON.stringify({ ...row.thresholds, ...body.thresholds });
      // New thresholds change findings (on a large domain the evaluation is queued); the rest only the score.
      let queued = false;
      if (body.thresholds) {
        queued = await storeAndEvaluate(services, clientId, (trx) => clientDb(trx, clientId).updateTable('ioe').set(update).where('ioe_id_pk', '=', row.ioeId).execute());
      } else {
        await request.tenant.db.updateTable('ioe').set(update).where('ioe_id_pk', '=', row.ioeId).execute();
        await recomputeScore(db, clientId);
      }
      const states = await loadIoeStates(db, clientId);
      const state = states.ioe.find((candidate) => candidate.ioeIdPk === row.ioeId);
      if (!state) throw ioeNotFound(request.params.ioeId);
      return { ioe: state, score: states.score, ...(queued ? { evaluationQueued: true } : {}) };
    },
  );
}
