import type { Criticality, Snapshot } from '@burgwall/shared';
import type { SnapshotIndex } from './snapshot-index';

// One definition of the criticalities for checks, server and web: it lives in @burgwall/shared.
export { CRITICALITIES, type Criticality } from '@burgwall/shared';

export type CheckCategory =
  | 'privileged-accounts'
  | 'accounts'
  | 'kerberos'
  | 'group-policy'
  | 'domain-configuration'
  | 'secrets'
  | 'entra';

/** Which directory a check reads: Entra checks are skipped until Entra data exists. */
export type Directory = 'ad' | 'entra';

export type AffectedObjectType =
  | 'user'
  | 'computer'
  | 'group'
  | 'gpo'
  | 'domain'
  | 'trust'
  | 'password-settings'
  | 'acl'
  | 'entra-user'
  | 'entra-tenant';

/** One affected object of a finding with the evidence that made it one (secrets already masked). */
export interface AffectedObject {
  /** Stable key used for exceptions: objectGUID, GPO id or a synthetic key. */
  objectKey: string;
  objectType: AffectedObjectType;
  name: string;
  distinguishedName: string | null;
  evidence: string;
}

export interface CheckOutcome {
  affected: AffectedObject[];
  /** Set when the check could not be evaluated (e.g. no Entra data); it then does not count. */
  skippedReason: string | null;
}

export interface ThresholdDefinition {
  key: string;
  /** German label for the settings screen. */
  label: string;
  unit: 'Tage' | 'Konten' | 'Zeichen' | 'Prozent' | 'Stufe' | 'Jahre' | 'Anzahl';
  default: number;
  min: number;
  max: number;
}

export type ThresholdValues = Readonly<Record<string, number>>;

export interface CheckDefinition {
  slug: string;
  title: string;
  description: string;
  whyItMatters: string;
  remediation: readonly string[];
  category: CheckCategory;
  criticality: Criticality;
  /** Points deducted from 100 while the check has open findings. */
  scoreImpact: number;
  directory: Directory;
  thresholds: readonly ThresholdDefinition[];
  /** Pure: same snapshot and settings → same outcome. `index` is derived from the snapshot (cached). */
  detect(snapshot: Snapshot, settings: ThresholdValues, index: SnapshotIndex): CheckOutcome;
}

export function found(affected: AffectedObject[]): CheckOutcome {
  return { affected, skippedReason: null };
}

export function skipped(reason: string): CheckOutcome {
  return { affected: [], skippedReason: reason };
}

/** The threshold value from settings, or its default; clamped to the allowed range. */
export function threshold(check: Pick<CheckDefinition, 'thresholds'>, settings: ThresholdValues, key: string): number {
  const definition = check.thresholds.find((candidate) => candidate.key === key);
  if (!definition) throw new Error(`unknown threshold ${key}`);
  const value = settings[key];
  if (typeof value !== 'number' || !Number.isFinite(value)) return definition.default;
  return Math.min(definition.max, Math.max(definition.min, value));
}
