import { type AffectedObject, checkRegistry, evaluateChecks } from '@burgwall/checks';
import { sql } from 'kysely';
import { clientDb } from '../db/client-db';
import type { Db } from '../db/database';
import { loadLatestEntraSnapshot } from '../entra/entra-snapshot-store';
import { extraTier0Keys } from '../attack-paths/tier0-extras';
import { latestSnapshot } from '../snapshots/snapshot-store';
import { beginCheckIfNewData, checkDataKey, recordFindingChanges } from './check-changes';
import { ensureIoeRows, loadIoeRows } from './ioe-store';
import { recomputeScore } from './security-score';

const INSERT_CHUNK = 2000;

/** One row per object key (a check may list an object twice, e.g. direct and nested). */
function dedupe(affected: AffectedObject[]): AffectedObject[] {
  const byKey = new Map<string, AffectedObject>();
  for (const item of affected) {
    const existing = byKey.get(item.objectKey);
    byKey.set(item.objectKey, existing ? { ...existing, evidence: `${existing.evidence}; ${item.evidence}` } : item);
  }
  return [...byKey.values()];
}

export interface EvaluationSummary {
  /** The AD snapshot evaluated; null when only Entra data exists. */
  snapshotId: string | null;
  entraSnapshotId: string | null;
  checks: number;
  findings: number;
  score: number;
  grade: string;
}

/**
 * Evaluates every check on the client's newest AD snapshot (its stored objects, kept current by the change batches) and newest Entra snapshot (either may be missing: the
 * checks that need it are stored as skipped with the German reason) and replaces the stored findings (first_seen_at
 * survives for objects that stay affected), then recomputes the score. Null when the client has neither yet.
 * Call it after storing either kind of snapshot.
 */
export async function evaluateLatestSnapshot(db: Db, clientId: string, options: { now?: Date } = {}): Promise<EvaluationSummary | null> {
  const [stored, entra] = await Promise.all([latestSnapshot(db, clientId), loadLatestEntraSnapshot(db, clientId)]);
  if (!stored && !entra) return null;
  const snapshotId = stored?.snapshotId ?? null;
  await ensureIoeRows(db, clientId);
  const rows = await loadIoeRows(db, clientId);
  const bySlug = new Map(rows.map((row) => [row.ioeType, row]));
  const results = evaluateChecks(
    { ad: stored?.snapshot ?? null, entra: entra?.snapshot ?? null, extraTier0: await extraTier0Keys(db, clientId) },
    Object.fromEntries(rows.map((row) => [row.ioeType, row.thresholds])),
    checkRegistry,
  );
  // `now` lets the demo seed evaluate last week's collection as of last week.
  const evaluatedAt = options.now ?? new Date();
  let findings = 0;
  let newCheck = false;

  await db.transaction().execute(async (trx) => {
    // Serialise evaluations of one client (a rescan while a snapshot arrives).
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`ioe:${clientId}`}))`.execute(trx);
    const own = clientDb(trx, clientId);
    newCheck = await beginCheckIfNewData(own, checkDataKey(snapshotId, entra?.entraSnapshotId ?? null), evaluatedAt);
    for (const { check, outcome } of results) {
      const row = bySlug.get(check.slug);
      if (!row) continue;
      const affected = dedupe(outcome.affected);
      findings += affected.length;
      for (let start = 0; start < affected.length; start += INSERT_CHUNK) {
        await own
          .insertInto('finding')
          .values(
            affected.slice(start, start + INSERT_CHUNK).map((item) => ({
              ioe_fk: row.ioeId,
              object_key: item.objectKey,
              object_type: item.objectType,
              object_name: item.name,
              distinguished_name: item.distinguishedName,
              evidence: item.evidence,
              first_seen_at: evaluatedAt,
            })),
          )
          .onConflict((oc) =>
            oc.columns(['ioe_fk', 'object_key']).doUpdateSet((eb) => ({
              object_type: eb.ref('excluded.object_type'),
              object_name: eb.ref('excluded.object_name'),
              distinguished_name: eb.ref('excluded.distinguished_name'),
              evidence: eb.ref('excluded.evidence'),
            })),
          )
          .execute();
      }
      const keys = affected.map((item) => item.objectKey);
      const removed = await own
        .deleteFrom('finding')
        .where('ioe_fk', '=', row.ioeId)
        .$if(keys.length > 0, (query) => query.where('object_key', '!=', sql<string>`ALL(${keys}::text[])`))
        .returning(['object_key', 'object_type', 'object_name', 'distinguished_name', 'first_seen_at'])
        .execute();
      // A check that could not run („Nicht geprüft“) resolved nothing: its findings just are not shown.
      await recordFindingChanges(own, row.ioeId, outcome.skippedReason ? [] : removed, keys, evaluatedAt);
      await own
        .updateTable('ioe')
        .set({
          skipped_reason: outcome.skippedReason,
          total_findings_count: affected.length,
          last_evaluated_at: evaluatedAt,
          last_snapshot_fk: snapshotId,
        })
        .where('ioe_id_pk', '=', row.ioeId)
        .execute();
    }
    // SPEC §4: a client is initialised once its first collection has been evaluated (a cached client needs it).
    await trx.updateTable('client').set({ client_initialized: true }).where('client_id_pk', '=', clientId).where('client_initialized', '=', false).execute();
  });
  // A new Prüfung always gets its history point; evaluating the same snapshot again (changes laid over it, a rescan)
  // only when the score moved, so a stream of small changes does not flood the history with equal points.
  const score = await recomputeScore(db, clientId, snapshotId, { historyOnlyIfChanged: !newCheck });
  return { snapshotId, entraSnapshotId: entra?.entraSnapshotId ?? null, checks: results.length, findings, score: score.score, grade: score.grade };
}
