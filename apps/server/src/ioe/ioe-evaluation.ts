import { type AffectedObject, checkRegistry, eachCheck } from '@burgwall/checks';
import { sql } from 'kysely';
import { clientDb } from '../db/client-db';
import { clientSchemaName } from '../db/client-schema';
import type { Db } from '../db/database';
import { insertElseUpsert } from '../db/insert-else-upsert';
import { loadLatestEntraSnapshot } from '../entra/entra-snapshot-store';
import { extraTier0Keys } from '../attack-paths/tier0-extras';
import { latestCheckSnapshot } from '../snapshots/check-snapshot-loader';
import { type RemovedFinding, beginCheckIfNewData, checkDataKey, recordFindingChanges } from './check-changes';
import { ensureIoeRows, loadIoeRows } from './ioe-store';
import { recomputeScore } from './security-score';

const INSERT_CHUNK = 5000;

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
  /** A new Prüfung (data not evaluated before): its findings were all written anew. */
  newCheck: boolean;
  /** Milliseconds spent reading the data, running the checks and storing findings and score (bench/scale). */
  timings: { loadMs: number; checksMs: number; storeMs: number };
}

/**
 * Evaluates every check on the client's newest AD snapshot (its stored objects, kept current by the change batches) and newest Entra snapshot (either may be missing: the
 * checks that need it are stored as skipped with the German reason) and replaces the stored findings (first_seen_at
 * survives for objects that stay affected), then recomputes the score. Null when the client has neither yet.
 * Call it after storing either kind of snapshot.
 *
 * Each check's findings are stored as soon as it has run and then dropped, so the findings of all checks are never in
 * memory at once (at a million objects ~550k findings, ~200 MB: with the loaded domain the evaluation's memory peak).
 */
export async function evaluateLatestSnapshot(db: Db, clientId: string, options: { now?: Date } = {}): Promise<EvaluationSummary | null> {
  const startedAt = performance.now();
  const [stored, entra] = await Promise.all([latestCheckSnapshot(db, clientId), loadLatestEntraSnapshot(db, clientId)]);
  if (!stored && !entra) return null;
  const snapshotId = stored?.snapshotId ?? null;
  const entraSnapshotId = entra?.entraSnapshotId ?? null;
  await ensureIoeRows(db, clientId);
  const rows = await loadIoeRows(db, clientId);
  const bySlug = new Map(rows.map((row) => [row.ioeType, row]));
  const input = { ad: stored?.snapshot ?? null, entra: entra?.snapshot ?? null, extraTier0: await extraTier0Keys(db, clientId) };
  const loadMs = Math.round(performance.now() - startedAt);
  // `now` lets the demo seed evaluate last week's collection as of last week.
  const evaluatedAt = options.now ?? new Date();
  let checks = 0;
  let findings = 0;
  let newCheck = false;
  let checksMs = 0;

  await db.transaction().execute(async (trx) => {
    // Serialise evaluations of one client (a rescan while a snapshot arrives).
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`ioe:${clientId}`}))`.execute(trx);
    const own = clientDb(trx, clientId);
    newCheck = await beginCheckIfNewData(own, checkDataKey(snapshotId, entraSnapshotId), evaluatedAt);
    const thresholds = Object.fromEntries(rows.map((row) => [row.ioeType, row.thresholds]));
    const results = eachCheck(input, thresholds, checkRegistry);
    for (;;) {
      const checkStartedAt = performance.now();
      const next = results.next();
      checksMs += performance.now() - checkStartedAt;
      if (next.done) break;
      checks++;
      const { check, outcome } = next.value;
      const row = bySlug.get(check.slug);
      if (!row) continue;
      const affected = dedupe(outcome.affected);
      findings += affected.length;
      for (let start = 0; start < affected.length; start += INSERT_CHUNK) {
        // A chunk travels as one jsonb parameter: no bind-parameter limit, and no query text of 35,000 placeholders
        // to build per chunk (a million-object domain raises ~450k findings).
        const chunk = affected.slice(start, start + INSERT_CHUNK).map((item) => ({
          object_key: item.objectKey,
          object_type: item.objectType,
          object_name: item.name,
          distinguished_name: item.distinguishedName,
          evidence: item.evidence,
        }));
        const insert = sql`
          INSERT INTO ${sql.id(clientSchemaName(clientId), 'finding')} (ioe_fk, object_key, object_type, object_name, distinguished_name, evidence, first_seen_at)
          SELECT ${row.ioeId}::uuid, r.object_key, r.object_type, r.object_name, r.distinguished_name, r.evidence, ${evaluatedAt}::timestamptz
          FROM jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) AS r (object_key text, object_type text, object_name text, distinguished_name text, evidence text)`;
        const upsert = () =>
          sql`${insert}
            ON CONFLICT (ioe_fk, object_key) DO UPDATE SET object_type = excluded.object_type, object_name = excluded.object_name,
              distinguished_name = excluded.distinguished_name, evidence = excluded.evidence
            -- A finding that stayed as it was is not rewritten: after a change batch nearly all of them stay.
            WHERE (finding.object_type, finding.object_name, finding.distinguished_name, finding.evidence)
              IS DISTINCT FROM (excluded.object_type, excluded.object_name, excluded.distinguished_name, excluded.evidence)`.execute(trx);
        // A check without stored findings (the first evaluation, or nothing found last time) only adds rows; otherwise
        // most of its findings exist already and keep their first_seen_at.
        if (row.totalFindingsCount === 0) await insertElseUpsert(trx, () => insert.execute(trx), upsert);
        else await upsert();
      }
      const keys = affected.map((item) => item.objectKey);
      // Anti-join against the current keys (hashed), not `<> ALL(keys)`, which compares every row with every key.
      const { rows: removed } = await sql<RemovedFinding>`
        DELETE FROM ${sql.id(clientSchemaName(clientId), 'finding')} AS f
        WHERE f.ioe_fk = ${row.ioeId}::uuid AND NOT EXISTS (SELECT 1 FROM unnest(${keys}::text[]) AS current (key) WHERE current.key = f.object_key)
        RETURNING f.object_key, f.object_type, f.object_name, f.distinguished_name, f.first_seen_at
      `.execute(trx);
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
  const timings = { loadMs, checksMs: Math.round(checksMs), storeMs: Math.round(performance.now() - startedAt) - loadMs - Math.round(checksMs) };
  return { snapshotId, entraSnapshotId, checks, findings, score: score.score, grade: score.grade, newCheck, timings };
}
