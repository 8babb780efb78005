import type { EntraSnapshot, Snapshot } from '@burgwall/shared';
import { evaluateChecks } from '../evaluate';
import { indexSnapshot } from '../snapshot-index';
import type { AffectedObject, CheckDefinition, CheckOutcome, ThresholdValues } from '../types';

export function run(check: CheckDefinition, snapshot: Snapshot, settings: ThresholdValues = {}): CheckOutcome {
  if (check.directory !== 'ad') throw new Error(`${check.slug} is not an AD check: use runEntra`);
  return check.detect(snapshot, settings, indexSnapshot(snapshot));
}

/** Names of the affected objects, sorted (for stable assertions). */
export function names(outcome: CheckOutcome): string[] {
  return outcome.affected.map((item: AffectedObject) => item.name).sort();
}

/** Runs one Entra or hybrid check through the engine (so „Nicht geprüft“ and unavailable data apply as in production). */
export function runEntra(check: CheckDefinition, entra: EntraSnapshot | null, ad: Snapshot | null = null, settings: ThresholdValues = {}): CheckOutcome {
  const [result] = evaluateChecks({ ad, entra }, { [check.slug]: settings }, [check]);
  if (!result) throw new Error('no result');
  return result.outcome;
}
