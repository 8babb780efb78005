import { computeScore, type ScoreResult } from '@burgwall/checks';
import { clientDb } from '../db/client-db';
import type { Db } from '../db/database';
import { counts, loadScoredChecks } from './score-inputs';

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
  const inputs = await loadScoredChecks(db, clientId);
  const open = inputs.filter(counts);
  const openFindings = open.reduce((sum, input) => sum + input.openFindings, 0);
  // Kept with each point so the provider's overview finds clients with open critical findings in one global query.
  const openCriticalFindings = open.filter((input) => input.criticality === 'critical').reduce((sum, input) => sum + input.openFindings, 0);
  const result = computeScore(inputs);
  await db.updateTable('client').set({ client_security_score: result.score }).where('client_id_pk', '=', clientId).execute();
  if (options.historyOnlyIfChanged) {
    const last = await clientDb(db, clientId).selectFrom('score_history').select(['score', 'grade', 'open_findings']).orderBy('computed_at', 'desc').orderBy('score_history_id_pk', 'desc').limit(1).executeTakeFirst();
    if (last && last.score === result.score && last.grade === result.grade && last.open_findings === openFindings) return { ...result, openFindings };
  }
  await clientDb(db, clientId)
    .insertInto('score_history')
    .values({ snapshot_fk: snapshotId, score: result.score, grade: result.grade, open_findings: openFindings, open_critical_findings: openCriticalFindings })
    .execute();
  return { ...result, openFindings };
}
