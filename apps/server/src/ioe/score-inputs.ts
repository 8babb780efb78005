import { type CheckDefinition, checkBySlug, effectiveImpact, type ScoreInput } from '@burgwall/checks';
import type { Db } from '../db/database';
import { loadIoeRowsWithCounts } from './ioe-store';

/** One stored check as the score model sees it, with the check's definition for titles and categories. */
export interface ScoredCheck extends ScoreInput {
  check: CheckDefinition;
  /** Whether an evaluation has run the check (the rows exist from the client's creation on). */
  evaluated: boolean;
}

/** The score model's inputs of a client: every stored check with its effective criticality, impact and open findings. */
export async function loadScoredChecks(db: Db, clientId: string): Promise<ScoredCheck[]> {
  const rows = await loadIoeRowsWithCounts(db, clientId);
  return rows.flatMap((row) => {
    const check = checkBySlug(row.ioeType);
    if (!check) return [];
    const count = row.counts;
    const criticality = row.criticalityOverride ?? check.criticality;
    return [
      {
        check,
        evaluated: row.lastEvaluatedAt !== null,
        criticality,
        scoreImpact: effectiveImpact(check.scoreImpact, check.criticality, criticality),
        openFindings: count.total - count.excepted,
        isActive: !row.isDisabled,
        skipped: row.skippedReason !== null,
      },
    ];
  });
}

/** Whether a check's open findings count (active and not skipped). */
export const counts = (input: ScoreInput) => input.isActive && !input.skipped;
