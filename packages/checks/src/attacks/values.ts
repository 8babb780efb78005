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

export interface AceKey {
  key: string;
  allow: boolean;
  allowObject: boolean;
  objectType: string;
  trustee: string;
  accessMask: number;
  /** ACE flags (0x8 = inherit only). */
  flags: number;
}

/**
 * The ACEs of a descriptor as the change table holds it: the collector's text (one line per ACE:
 * "allow-object <sid> 0x100 <objectType> <inheritedObjectType> <flags>") or SDDL ("(OA;;CR;<guid>;;<sid>)").
 */
export function descriptorAces(text: string | null): AceKey[] {
  if (!text) return [];
  if (text.includes('(')) {
    return [...text.matchAll(/\(([^()]*)\)/g)].map((match) => {
      const parts = (match[1] ?? '').split(';');
      const type = parts[0]?.toUpperCase() ?? '';
      return { key: (match[1] ?? '').toLowerCase(), allow: type === 'A' || type === 'OA', allowObject: type === 'OA', objectType: (parts[3] ?? '').toLowerCase(), trustee: (parts[5] ?? '').toUpperCase(), accessMask: sddlMask(parts[2] ?? ''), flags: (parts[1] ?? '').includes('IO') ? 0x8 : 0 };
    });
  }
  return text
    .split(/\r?\n/)
    .filter((line) => !line.startsWith('owner '))
    .map((line) => {
      const [type = '', trustee = '', mask = '0', objectType = '', , flags = '0'] = line.split(' ');
      return { key: line.toLowerCase(), allow: type === 'allow' || type === 'allow-object', allowObject: type === 'allow-object', objectType: objectType.toLowerCase(), trustee: trustee.toUpperCase(), accessMask: Number(mask), flags: Number(flags) };
    });
}

const SDDL_RIGHTS: Record<string, number> = { GA: 0x10000000, GW: 0x40000000, WD: 0x40000, WO: 0x80000, WP: 0x20, CR: 0x100, RP: 0x10 };

/** An SDDL rights string ("WPCR", "GA" or "0x20") as access mask. */
function sddlMask(rights: string): number {
  if (/^0x/i.test(rights)) return Number(rights);
  let mask = 0;
  for (let at = 0; at + 1 < rights.length; at += 2) mask |= SDDL_RIGHTS[rights.slice(at, at + 2).toUpperCase()] ?? 0;
  return mask;
}
