import { checkBySlug, computeScore, effectiveImpact, type ScoreResult } from '@burgwall/checks';
import { clientDb } from '../db/client-db';
import type { Db } from '../db/database';
import { findingCounts, loadIoeRows } from './ioe-store';

/**
 * Recomputes the score from the stored findings, settings and exceptions, keeps
 * it on the client (client_security_score) and appends it to the history (with `historyOnlyIfChanged` only when the
 * score, grade or open findings differ from the last point).
 */
export async function recomputeScore(
  db: Db,
  clientId: string,
  snapshotId: string | null = null,
  options: { historyOnlyIfChanged?: boolean } = {},
): Promise<ScoreResult & { openFindings: number }> {
  const [rows, counts] = await Promise.all([loadIoeRows(db, clientId), findingCounts(db, clientId)]);
  let openFindings = 0;
  const inputs = rows.flatMap((row) => {
    const check = checkBySlug(row.ioeType);
    if (!check) return [];
    const count = counts.get(row.ioeId) ?? { total: 0, excepted: 0 };
    const criticality = row.criticalityOverride ?? check.criticality;
    const open = count.total - count.excepted;
    if (!row.isDisabled && !row.skippedReason) openFindings += open;
    return [{ criticality, scoreImpact: effectiveImpact(check.scoreImpact, check.criticality, criticality), openFindings: open, isActive: !row.isDisabled, skipped: row.skippedReason !== null }];
  });
  const result = computeScore(inputs);
  await db.updateTable('client').set({ client_security_score: result.score }).where('client_id_pk', '=', clientId).execute();
  if (options.historyOnlyIfChanged) {
    const last = await clientDb(db, clientId).selectFrom('score_history').select(['score', 'grade', 'open_findings']).orderBy('computed_at', 'desc').orderBy('score_history_id_pk', 'desc').limit(1).executeTakeFirst();
    if (last && last.score === result.score && last.grade === result.grade && last.open_findings === openFindings) return { ...result, openFindings };
  }
  await clientDb(db, clientId)
    .insertInto('score_history')
    .values({ snapshot_fk: snapshotId, score: result.score, grade: result.grade, open_findings: openFindings })
    .execute();
  return { ...result, openFindings };
}
