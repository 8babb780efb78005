import type { AttributeChange } from '@burgwall/shared';
import type { TrackedObject, TrackedValues } from './tracked-values';

const DESCRIPTOR = 'nTSecurityDescriptor';

/**
 * Attribute-level differences between the last seen values of an object and its current ones:
 * one change per attribute whose value differs (added: old null; removed: new null).
 * A new object (no previous values) yields one change per present attribute.
 */
export function diffObject(previous: TrackedValues | undefined, current: TrackedObject, fallbackTime: string): AttributeChange[] {
  const before = previous ?? {};
  const names = new Set([...Object.keys(before), ...Object.keys(current.values)]);
  const changes: AttributeChange[] = [];
  for (const propertyName of [...names].sort()) {
    // A readable descriptor always has a value (at least its owner): one missing from a known object's last values
    // was not read then (a collector before ACL tracking, or no right to read it), which is no ACL change.
    if (propertyName === DESCRIPTOR && previous && !(DESCRIPTOR in previous)) continue;
    const oldValue = before[propertyName] ?? null;
    const newValue = current.values[propertyName] ?? null;
    if (oldValue === newValue) continue;
    changes.push({
      objectGuid: current.objectGuid,
      objectClass: current.objectClass,
      distinguishedName: current.distinguishedName,
      propertyName,
      oldValue,
      newValue,
      timestamp: current.changedAt ?? fallbackTime,
      usn: current.usn,
    });
  }
  return changes;
}
