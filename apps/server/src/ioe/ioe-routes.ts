import { checkBySlug } from '@burgwall/checks';
import { dayEnd, parseGermanDate } from '@burgwall/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { sql } from 'kysely';
import { authenticate } from '../auth/principal';
import { requireClientAccess } from '../auth/tenant-access';
import { clientDb } from '../db/client-db';
import type { Db } from '../db/database';
import type { Services } from '../services';
import { evaluateLatestSnapshot } from './ioe-evaluation';
import { exceptionCreateSchema, findingsQuerySchema, ioeUpdateSchema, zodMessage } from './ioe-schemas';
import { ioeState, loadIoeStates } from './ioe-states';
import { findingCounts, loadIoeRows } from './ioe-store';
import { recomputeScore } from './security-score';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

async function findIoe(db: Db, clientId: string, idOrSlug: string) {
  const rows = await loadIoeRows(db, clientId);
  return rows.find((row) => (UUID.test(idOrSlug) ? row.ioeId === idOrSlug : row.ioeType === idOrSlug));
}

/** Re-evaluates when a snapshot exists (thresholds change detection), else only rescoring. */
async function reevaluate(db: Db, clientId: string): Promise<void> {
  if (!(await evaluateLatestSnapshot(db, clientId))) await recomputeScore(db, clientId);
}

const notFound = (reply: FastifyReply, what: string) => reply.code(404).send({ message: `${what} not found` });

/** SPEC §7 "Findings and scoring" plus the findings, exceptions and score-history reads of the IoE screens. */
export function registerIoeRoutes(app: FastifyInstance, services: Services): void {
  const { db } = services;
  const guard = { onRequest: [authenticate(services.tokens), requireClientAccess(db)] };

  app.get('/client/:clientUUID/ioe/states', guard, async (request) => {
    const { clientUUID } = request.params as { clientUUID: string };
    return loadIoeStates(db, clientUUID);
  });

  app.post('/client/:clientUUID/ioe/security-score', guard, async (request) => {
    const { clientUUID } = request.params as { clientUUID: string };
    const result = await recomputeScore(db, clientUUID);
    return { score: result.score, grade: result.grade, colour: result.colour, openFindings: result.openFindings };
  });

  app.get('/client/:clientUUID/ioe/score-history', guard, async (request) => {
    const { clientUUID } = request.params as { clientUUID: string };
    const rows = await clientDb(db, clientUUID)
      .selectFrom('score_history')
      .select(['score', 'grade', 'open_findings', 'computed_at'])
      .orderBy('computed_at', 'desc')
      .limit(90)
      .execute();
    return { history: rows.reverse().map((row) => ({ score: row.score, grade: row.grade, openFindings: row.open_findings, computedAt: row.computed_at.toISOString() })) };
  });

  app.post('/client/:clientUUID/ioe/criticalities/reset', guard, async (request) => {
    const { clientUUID } = request.params as { clientUUID: string };
    await clientDb(db, clientUUID).updateTable('ioe').set({ criticality_override: null }).execute();
    const score = await recomputeScore(db, clientUUID);
    return { message: 'Criticalities reset', score: score.score };
  });

  app.post('/client/:clientUUID/ioe/thresholds/reset', guard, async (request) => {
    const { clientUUID } = request.params as { clientUUID: string };
    await clientDb(db, clientUUID).updateTable('ioe').set({ thresholds: '{}' }).execute();
    await reevaluate(db, clientUUID);
    return { message: 'Thresholds reset' };
  });

  app.post('/client/:clientUUID/audit/rescan', guard, async (request, reply) => {
    const { clientUUID } = request.params as { clientUUID: string };
    const summary = await evaluateLatestSnapshot(db, clientUUID);
    if (!summary) return reply.code(409).send({ message: 'No snapshot has been collected for this client yet' });
    return { status: 'evaluated', ...summary };
  });

  app.get('/client/:clientUUID/ioe/exceptions', guard, async (request) => {
    const { clientUUID } = request.params as { clientUUID: string };
    const rows = await clientDb(db, clientUUID)
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
  });

  app.delete('/client/:clientUUID/ioe/exceptions/:exceptionId', guard, async (request, reply) => {
    const { clientUUID, exceptionId } = request.params as { clientUUID: string; exceptionId: string };
    if (!UUID.test(exceptionId)) return reply.code(400).send({ message: 'exceptionId must be a UUID' });
    const deleted = await clientDb(db, clientUUID).deleteFrom('finding_exception').where('exception_id_pk', '=', exceptionId).executeTakeFirst();
    if (Number(deleted.numDeletedRows) === 0) return notFound(reply, `Exception ${exceptionId}`);
    await recomputeScore(db, clientUUID);
    return { message: 'Exception removed' };
  });

  // The slug of the UI route may contain slashes, so the findings read takes the rest of the path.
  app.get('/client/:clientUUID/ioe/findings/*', guard, async (request, reply) => {
    const { clientUUID, '*': slug } = request.params as { clientUUID: string; '*': string };
    const query = findingsQuerySchema.safeParse(request.query);
    if (!query.success) return reply.code(400).send({ message: zodMessage(query.error, 'query') });
    const row = await findIoe(db, clientUUID, slug);
    const check = checkBySlug(slug);
    if (!row || !check) return notFound(reply, `IoE ${slug}`);
    const own = clientDb(db, clientUUID);
    const counts = (await findingCounts(db, clientUUID)).get(row.ioeId) ?? { total: 0, excepted: 0 };
    const findings = await own
      .selectFrom('finding as f')
      .leftJoin('finding_exception as e', (join) => join.onRef('e.ioe_fk', '=', 'f.ioe_fk').onRef('e.object_key', '=', 'f.object_key'))
      .select([
        'f.finding_id_pk',
        'f.object_key',
        'f.object_type',
        'f.object_name',
        'f.distinguished_name',
        'f.evidence',
        'f.first_seen_at',
        'e.exception_id_pk',
        'e.reason',
        'e.comment',
        'e.expires_at',
        'e.created_by_email',
      ])
      .where('f.ioe_fk', '=', row.ioeId)
      .orderBy(sql`e.exception_id_pk IS NOT NULL`)
      .orderBy('f.object_name')
      .limit(query.data.limit)
      .offset(query.data.offset)
      .execute();
    const now = Date.now();
    return {
      ioe: ioeState(check, row, counts),
      details: { whyItMatters: check.whyItMatters, remediation: check.remediation, category: check.category },
      total: counts.total,
      findings: findings.map((finding) => ({
        findingId: finding.finding_id_pk,
        objectKey: finding.object_key,
        objectType: finding.object_type,
        objectName: finding.object_name,
        distinguishedName: finding.distinguished_name,
        evidence: finding.evidence,
        firstSeenAt: finding.first_seen_at.toISOString(),
        exception: finding.exception_id_pk
          ? {
              exceptionId: finding.exception_id_pk,
              reason: finding.reason,
              comment: finding.comment,
              createdBy: finding.created_by_email,
              expiresAt: finding.expires_at?.toISOString() ?? null,
              isExpired: finding.expires_at !== null && finding.expires_at.getTime() <= now,
            }
          : null,
      })),
    };
  });

  app.post('/client/:clientUUID/ioe/:ioeId/exceptions', guard, async (request, reply) => {
    const { clientUUID, ioeId } = request.params as { clientUUID: string; ioeId: string };
    const parsed = exceptionCreateSchema.safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ message: zodMessage(parsed.error, 'exception') });
    const row = await findIoe(db, clientUUID, ioeId);
    if (!row) return notFound(reply, `IoE ${ioeId}`);
    const body = parsed.data;
    // Valid through the whole given day in Berlin (SPEC §9 day end), the time zone the UI shows dates in.
    const germanDay = body.expiresAt?.split('-').reverse().join('.');
    const expiresAt = germanDay ? dayEnd(parseGermanDate(germanDay) as Date) : null;
    if (expiresAt && expiresAt.getTime() <= Date.now()) {
      return reply.code(400).send({ message: 'Invalid exception – expiresAt: must be in the future' });
    }
    const own = clientDb(db, clientUUID);
    const finding = await own.selectFrom('finding').select('object_name').where('ioe_fk', '=', row.ioeId).where('object_key', '=', body.objectKey).executeTakeFirst();
    if (!finding) return reply.code(400).send({ message: `Invalid exception – objectKey: no finding of ${row.ioeType} for ${body.objectKey}` });
    const principal = request.principal;
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
    if (!inserted) return reply.code(409).send({ message: `An exception for ${body.objectKey} already exists` });
    const score = await recomputeScore(db, clientUUID);
    return reply.code(201).send({ exceptionId: inserted.exception_id_pk, score: score.score });
  });

  app.post('/client/:clientUUID/ioe/:ioeId', guard, async (request, reply) => {
    const { clientUUID, ioeId } = request.params as { clientUUID: string; ioeId: string };
    const parsed = ioeUpdateSchema.safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ message: zodMessage(parsed.error, 'IoE update') });
    const row = await findIoe(db, clientUUID, ioeId);
    const check = row && checkBySlug(row.ioeType);
    if (!row || !check) return notFound(reply, `IoE ${ioeId}`);
    const body = parsed.data;
    if (body.thresholds) {
      for (const [key, value] of Object.entries(body.thresholds)) {
        const definition = check.thresholds.find((candidate) => candidate.key === key);
        if (!definition) return reply.code(400).send({ message: `Invalid IoE update – thresholds.${key}: ${check.slug} has no such threshold` });
        if (value < definition.min || value > definition.max) {
          return reply.code(400).send({ message: `Invalid IoE update – thresholds.${key}: must be between ${definition.min} and ${definition.max}` });
        }
      }
    }
    const update: Record<string, unknown> = {};
    if (body.is_disabled !== undefined) {
      update.is_disabled = body.is_disabled;
      update.disabled_reason = body.is_disabled ? body.disabled_reason : null;
      update.disabled_comment = body.is_disabled ? (body.disabled_comment ?? null) : null;
      update.disabled_user_uid = body.is_disabled && request.principal && UUID.test(request.principal.userId) ? request.principal.userId : null;
      update.disabled_at = body.is_disabled ? new Date() : null;
    }
    if (body.criticality !== undefined) update.criticality_override = body.criticality === check.criticality ? null : body.criticality;
    if (body.thresholds) update.thresholds = JSON.stringify({ ...row.thresholds, ...body.thresholds });
    await clientDb(db, clientUUID).updateTable('ioe').set(update).where('ioe_id_pk', '=', row.ioeId).execute();
    if (body.thresholds) await reevaluate(db, clientUUID);
    else await recomputeScore(db, clientUUID);
    const states = await loadIoeStates(db, clientUUID);
    return { ioe: states.ioe.find((state) => state.ioeIdPk === row.ioeId), score: states.score };
  });
}
