/**
 * Indicators of attack (IoA): detectors over the attribute-level change stream (CHECKS.md §4).
 * An IoA is an event with severity, evidence and time; it never changes the posture score.
 */
import type { IoaSeverity } from '@burgwall/shared';
import type { DirectoryView } from './directory-view';

export type { IoaSeverity } from '@burgwall/shared';

/** One stored change as the detectors see it (mirrors the client `change` table). */
export interface ChangeRecord {
  id: string;
  objectGuid: string;
  objectClass: string;
  distinguishedName: string;
  propertyName: string;
  /** Multi-valued attributes carry all values, one per line (or a JSON array); see `values()`. */
  oldValue: string | null;
  newValue: string | null;
  timestamp: Date;
}

/** Per-client settings of one detector: on/off, principals or objects never reported, numeric thresholds. */
export interface DetectorSettings {
  enabled: boolean;
  /** Case-insensitive DNs, SIDs or values that never raise this IoA (e.g. MSOL_ accounts for DCSync). */
  allowlist: string[];
  /** Detector-specific numbers, e.g. `{ accounts: 10, minutes: 10 }` for the lockout storm. */
  thresholds: Record<string, number>;
}

export interface IoaFinding {
  detector: string;
  severity: IoaSeverity;
  /** German one-line summary for the security log. */
  title: string;
  /** What changed, as the evidence shown with the event. */
  evidence: Record<string, unknown>;
  /** The change that raised it. */
  changeId: string;
  occurredAt: Date;
}

/** What detectors may ask beyond the change: recent history and the directory's groups. */
export interface DetectionContext {
  /**
   * Distinct objects whose `propertyName` changed to a non-zero value from `since` up to and including `upTo`
   * (ordered by time, then change id, so changes with the same timestamp count one after another).
   */
  countRecentNonZero(propertyName: string, since: Date, upTo: Pick<ChangeRecord, 'id' | 'timestamp'>): Promise<number>;
  /** Distinct objects with a change of one of `propertyNames` (or deleted) from `since` up to and including `upTo`. */
  countRecentChangedObjects(propertyNames: readonly string[], since: Date, upTo: Pick<ChangeRecord, 'id' | 'timestamp'>): Promise<number>;
  /** Whether `detector` already raised an IoA at or after `since` (stored, or earlier in the same evaluation). */
  hasFindingSince(detector: string, since: Date): Promise<boolean>;
  /** The newest snapshot's groups (SIDs, nesting); null before the first snapshot. Loaded on first use. */
  directory(): Promise<DirectoryView | null>;
  /** The newest snapshot's attack paths to Tier 0; null before the first snapshot (optional: absent = unknown). */
  attackPaths?(): Promise<AttackPathLookup | null>;
}

/** A principal's shortest path to Tier 0 as the IoA detectors see it. */
export interface PathSummary {
  length: number;
  description: string;
  /** Keys (objectGUID/SID, DN key, DN; lower case) of the object the path's first step leads to. */
  firstHop: readonly string[];
}

/**
 * Which principals of the current directory have a path to Tier 0 (docs/attack-paths.md). The directory may already
 * hold the changes being evaluated (change batches are applied to it when stored): a detector asking whether a
 * principal "already had" a path looks at where that path's first step leads.
 */
export interface AttackPathLookup {
  /** The shortest path of a principal outside Tier 0, by objectGUID, SID or DN; null without a path (or in Tier 0). */
  pathOf(key: string): PathSummary | null;
  /** Whether the object (objectGUID or SID) is Tier 0 itself. */
  isTier0(key: string): boolean;
}

export interface IoaDetector {
  slug: string;
  title: string;
  description: string;
  severity: IoaSeverity;
  defaults: DetectorSettings;
  /** Cheap pre-filter: the attribute names this detector looks at (lower case). */
  properties: readonly string[];
  detect(change: ChangeRecord, settings: DetectorSettings, context: DetectionContext): Promise<IoaFinding | null> | IoaFinding | null;
}
