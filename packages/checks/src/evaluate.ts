import type { Snapshot } from '@burgwall/shared';
import { checkRegistry } from './registry';
import { indexSnapshot } from './snapshot-index';
import type { CheckDefinition, CheckOutcome, ThresholdValues } from './types';

export interface CheckEvaluation {
  check: CheckDefinition;
  outcome: CheckOutcome;
}

/** Runs every check (or the given ones) on one snapshot. A check that throws is reported as skipped, not fatal. */
export function evaluateChecks(
  snapshot: Snapshot,
  settingsBySlug: Readonly<Record<string, ThresholdValues>> = {},
  checks: readonly CheckDefinition[] = checkRegistry,
): CheckEvaluation[] {
  const index = indexSnapshot(snapshot);
  return checks.map((check) => {
    try {
      return { check, outcome: check.detect(snapshot, settingsBySlug[check.slug] ?? {}, index) };
    } catch (error) {
      return { check, outcome: { affected: [], skippedReason: `Prüfung fehlgeschlagen: ${(error as Error).message}` } };
    }
  });
}

/** Default threshold values of a check. */
export function defaultThresholds(check: CheckDefinition): Record<string, number> {
  return Object.fromEntries(check.thresholds.map((definition) => [definition.key, definition.default]));
}
