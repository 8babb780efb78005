import type { AttributeChange } from '@burgwall/shared';
import type { TrackedObject, TrackedValues } from './tracked-values';

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
