/**
 * Indicators of attack (IoA): detectors over the attribute-level change stream (CHECKS.md §4).
 * An IoA is an event with severity, evidence and time; it never changes the posture score.
 */
import type { IoaSeverity } from '@burgwall/shared';

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

/** Aggregating detectors (lockout storm) ask how often something happened recently. */
export interface DetectionContext {
  /** Distinct objects whose `propertyName` changed to a non-zero value in [since, until]. */
  countRecentNonZero(propertyName: string, since: Date, until: Date): Promise<number>;
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
