import type { ChangeRecord, DetectorSettings, IoaDetector, IoaFinding } from './types';

/**
 * Values of a (possibly multi-valued) attribute as stored in the change table: a JSON array, or one value per line.
 * Single-valued attributes give a one-element list; null gives none.
 */
export function values(raw: string | null): string[] {
  if (raw === null || raw.trim() === '') return [];
  const trimmed = raw.trim();
  if (trimmed.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(trimmed);
      if (Array.isArray(parsed)) return parsed.map(String);
    } catch {
      // Not JSON after all: fall back to lines.
    }
  }
  return trimmed.split(/\r?\n/).map((value) => value.trim()).filter((value) => value !== '');
}

/** Values present in newValue but not in oldValue (case-insensitive, as AD compares DNs and SPNs). */
export function addedValues(change: Pick<ChangeRecord, 'oldValue' | 'newValue'>): string[] {
  const before = new Set(values(change.oldValue).map((value) => value.toLowerCase()));
  return values(change.newValue).filter((value) => !before.has(value.toLowerCase()));
}

export function numberValue(raw: string | null): number | null {
  if (raw === null || raw.trim() === '') return null;
  const parsed = Number(raw.trim());
  return Number.isFinite(parsed) ? parsed : null;
}

/** Whether a bit is set in new but was not set in old (userAccountControl flags). */
export function gainedFlag(change: Pick<ChangeRecord, 'oldValue' | 'newValue'>, flag: number): boolean {
  const before = numberValue(change.oldValue) ?? 0;
  const after = numberValue(change.newValue) ?? 0;
  return (after & flag) === flag && (before & flag) !== flag;
}

/** The first RDN value: "CN=Domain Admins,CN=Users,DC=x" -> "Domain Admins". */
export function commonName(distinguishedName: string): string {
  const first = distinguishedName.split(/(?<!\\),/)[0] ?? '';
  return first.replace(/^[a-z]+=/i, '').replace(/\\,/g, ',');
}

export function isAllowlisted(settings: DetectorSettings, ...candidates: (string | null | undefined)[]): boolean {
  const allowed = new Set(settings.allowlist.map((entry) => entry.toLowerCase()));
  return candidates.some((candidate) => candidate !== null && candidate !== undefined && allowed.has(candidate.toLowerCase()));
}

export function isProperty(change: ChangeRecord, name: string): boolean {
  return change.propertyName.toLowerCase() === name.toLowerCase();
}

/** A finding of `detector` for `change`, with the detector's severity unless overridden. */
export function finding(
  detector: Pick<IoaDetector, 'slug' | 'severity'>,
  change: ChangeRecord,
  title: string,
  evidence: Record<string, unknown>,
  severity = detector.severity,
): IoaFinding {
  return {
    detector: detector.slug,
    severity,
    title,
    evidence: { object: change.distinguishedName, attribute: change.propertyName, ...evidence },
    changeId: change.id,
    occurredAt: change.timestamp,
  };
}

export function defaults(thresholds: Record<string, number> = {}, allowlist: string[] = []): DetectorSettings {
  return { enabled: true, allowlist, thresholds };
}
