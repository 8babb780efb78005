import type { Criticality, EntraDataArea, EntraSnapshot } from '@burgwall/shared';
import type { CheckSnapshot } from './check-snapshot';
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
  | 'certificate-services'
  | 'entra';

/**
 * Which directory a check reads: AD checks the AD snapshot, Entra checks the Entra snapshot (skipped until Entra ID is
 * connected), hybrid checks both (skipped unless both exist).
 */
export type Directory = 'ad' | 'entra' | 'hybrid';

export type AffectedObjectType =
  | 'user'
  | 'computer'
  | 'group'
  | 'gpo'
  | 'domain'
  | 'trust'
  | 'password-settings'
  | 'acl'
  /** A file in SYSVOL/NETLOGON (objectKey 'sysvol:<path>'). */
  | 'sysvol-file'
  | 'entra-user'
  | 'entra-group'
  | 'entra-application'
  | 'entra-service-principal'
  | 'entra-policy'
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

interface CheckMetadata {
  slug: string;
  title: string;
  description: string;
  whyItMatters: string;
  remediation: readonly string[];
  category: CheckCategory;
  criticality: Criticality;
  /** Points deducted from 100 while the check has open findings. */
  scoreImpact: number;
  thresholds: readonly ThresholdDefinition[];
}

/** What the engine evaluates: the newest AD snapshot and the newest Entra snapshot, each possibly absent. */
export interface CheckInput {
  ad?: CheckSnapshot | null;
  entra?: EntraSnapshot | null;
  /** The client's own extra Tier-0 objects (objectGUID, SID or DN), besides the well-known ones. */
  extraTier0?: readonly string[];
}

/** What a client configured, besides thresholds, that AD checks read. */
export interface ClientContext {
  extraTier0: readonly string[];
}

export interface AdCheckDefinition extends CheckMetadata {
  directory: 'ad';
  /** Pure: same snapshot and settings → same outcome. `index` is derived from the snapshot (cached). */
  detect(snapshot: CheckSnapshot, settings: ThresholdValues, index: SnapshotIndex, client?: ClientContext): CheckOutcome;
}

/** The AD side of an Entra check: present only when an AD snapshot exists (optional cross-checks). */
export interface AdContext {
  snapshot: CheckSnapshot;
  index: SnapshotIndex;
}

interface EntraNeeds {
  /** Entra data areas the check reads: when one is `unavailable`, the engine reports „Nicht geprüft“ with the reason. */
  needs: readonly EntraDataArea[];
  /**
   * Areas of `needs` a missing licence just leaves empty (a Free tenant has no CA policies): the check runs and
   * judges the absence. A missing permission still skips.
   */
  emptyWithoutLicense?: readonly EntraDataArea[];
}

export interface EntraCheckDefinition extends CheckMetadata, EntraNeeds {
  directory: 'entra';
  detect(entra: EntraSnapshot, settings: ThresholdValues, ad: AdContext | null): CheckOutcome;
}

export interface HybridCheckDefinition extends CheckMetadata, EntraNeeds {
  directory: 'hybrid';
  detect(entra: EntraSnapshot, settings: ThresholdValues, ad: AdContext): CheckOutcome;
}

export type CheckDefinition = AdCheckDefinition | EntraCheckDefinition | HybridCheckDefinition;

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
