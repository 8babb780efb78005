import type { EntraSnapshot } from '@burgwall/shared';
import { checkRegistry } from './registry';
import { indexSnapshot } from './snapshot-index';
import type { AdContext, CheckDefinition, CheckInput, CheckOutcome, EntraCheckDefinition, HybridCheckDefinition, ThresholdValues } from './types';
import { skipped } from './types';

export interface CheckEvaluation {
  check: CheckDefinition;
  outcome: CheckOutcome;
}

export const NO_AD_SNAPSHOT = 'Nicht geprüft: es liegt noch kein Active-Directory-Snapshot vor.';
export const ENTRA_NOT_CONNECTED = 'Nicht geprüft: Entra ID ist nicht verbunden.';

/** „Nicht geprüft“ with the reason of the first needed Entra data area the app could not read, or null. */
export function unavailableReason(check: EntraCheckDefinition | HybridCheckDefinition, entra: EntraSnapshot): string | null {
  for (const area of check.needs) {
    const missing = entra.unavailable[area];
    if (!missing) continue;
    if (missing.reason === 'license' && check.emptyWithoutLicense?.includes(area)) continue;
    if (missing.reason === 'permission' && missing.permission) return `Nicht geprüft: der App fehlt die Berechtigung ${missing.permission}.`;
    return `Nicht geprüft: ${missing.detail}`;
  }
  return null;
}

function detect(check: CheckDefinition, input: CheckInput, settings: ThresholdValues, ad: () => AdContext | null): CheckOutcome {
  if (check.directory === 'ad') {
    const context = ad();
    return context ? check.detect(context.snapshot, settings, context.index, { extraTier0: input.extraTier0 ?? [] }) : skipped(NO_AD_SNAPSHOT);
  }
  const entra = input.entra;
  if (!entra) return skipped(ENTRA_NOT_CONNECTED);
  const reason = unavailableReason(check, entra);
  if (reason) return skipped(reason);
  if (check.directory === 'entra') return check.detect(entra, settings, ad());
  const context = ad();
  return context ? check.detect(entra, settings, context) : skipped(NO_AD_SNAPSHOT);
}

/**
 * Runs every check (or the given ones) on the newest AD and Entra snapshots, one at a time as the caller asks for the
 * next; either snapshot may be absent, the checks that need it are then „Nicht geprüft“ with the reason. A check
 * that throws is reported as skipped, not fatal. Lazily, so a caller can store and drop each outcome before the next
 * check runs (a million-object domain raises ~550k findings).
 */
export function* eachCheck(
  input: CheckInput,
  settingsBySlug: Readonly<Record<string, ThresholdValues>> = {},
  checks: readonly CheckDefinition[] = checkRegistry,
): Generator<CheckEvaluation> {
  let context: AdContext | null | undefined;
  const ad = (): AdContext | null => {
    if (context === undefined) context = input.ad ? { snapshot: input.ad, index: indexSnapshot(input.ad) } : null;
    return context;
  };
  for (const check of checks) {
    try {
      yield { check, outcome: detect(check, input, settingsBySlug[check.slug] ?? {}, ad) };
    } catch (error) {
      yield { check, outcome: { affected: [], skippedReason: `Prüfung fehlgeschlagen: ${(error as Error).message}` } };
    }
  }
}

/** Every check's outcome at once (`eachCheck`). */
export function evaluateChecks(
  input: CheckInput,
  settingsBySlug: Readonly<Record<string, ThresholdValues>> = {},
  checks: readonly CheckDefinition[] = checkRegistry,
): CheckEvaluation[] {
  return [...eachCheck(input, settingsBySlug, checks)];
}

/** Default threshold values of a check. */
export function defaultThresholds(check: CheckDefinition): Record<string, number> {
  return Object.fromEntries(check.thresholds.map((definition) => [definition.key, definition.default]));
}
