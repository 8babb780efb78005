import type { AttributeChange } from '@burgwall/shared';
import type { CollectorState } from './state-store';
import { diffObject } from './diff';
import type { TrackedObject } from './tracked-values';

export interface DeletedObject {
  objectGuid: string;
  distinguishedName: string;
  usn: number;
  changedAt: string | null;
}

/**
 * Applies a read to the state and returns the attribute changes plus the next state (the input is not
 * modified, so the caller can persist changes first and the state after).
 * `complete` = the read covers the whole directory: objects missing from it were deleted.
 */
export function trackChanges(
  state: CollectorState,
  objects: readonly TrackedObject[],
  options: { highestUsn: number; now: Date; complete: boolean; deleted?: readonly DeletedObject[] },
): { changes: AttributeChange[]; state: CollectorState } {
  const fallbackTime = options.now.toISOString();
  const next: CollectorState = { ...state, objects: { ...state.objects }, highestUsn: Math.max(state.highestUsn, options.highestUsn) };
  const changes: AttributeChange[] = [];
  const seen = new Set<string>();
  for (const object of objects) {
    seen.add(object.objectGuid);
    changes.push(...diffObject(state.objects[object.objectGuid]?.values, object, fallbackTime));
    next.objects[object.objectGuid] = { objectClass: object.objectClass, distinguishedName: object.distinguishedName, values: object.values };
  }
  const gone: DeletedObject[] = [...(options.deleted ?? [])];
  if (options.complete) {
    for (const [objectGuid, previous] of Object.entries(state.objects)) {
      if (!seen.has(objectGuid)) gone.push({ objectGuid, distinguishedName: previous.distinguishedName, usn: next.highestUsn, changedAt: null });
    }
  }
  for (const deleted of gone) {
    const previous = state.objects[deleted.objectGuid];
    if (!previous || seen.has(deleted.objectGuid)) continue;
    changes.push({
      objectGuid: deleted.objectGuid,
      objectClass: previous.objectClass,
      distinguishedName: previous.distinguishedName,
      propertyName: 'isDeleted',
      oldValue: null,
      newValue: 'TRUE',
      timestamp: deleted.changedAt ?? fallbackTime,
      usn: deleted.usn,
    });
    delete next.objects[deleted.objectGuid];
  }
  return { changes, state: next };
}
