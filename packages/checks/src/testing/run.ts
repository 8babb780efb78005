import type { Snapshot } from '@burgwall/shared';
import { indexSnapshot } from '../snapshot-index';
import type { AffectedObject, CheckDefinition, CheckOutcome, ThresholdValues } from '../types';

export function run(check: CheckDefinition, snapshot: Snapshot, settings: ThresholdValues = {}): CheckOutcome {
  return check.detect(snapshot, settings, indexSnapshot(snapshot));
}

/** Names of the affected objects, sorted (for stable assertions). */
export function names(outcome: CheckOutcome): string[] {
  return outcome.affected.map((item: AffectedObject) => item.name).sort();
}
