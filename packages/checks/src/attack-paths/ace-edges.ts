import type { Ace } from '@burgwall/shared';
import { DCSYNC_RIGHTS, RIGHTS, isAllow } from '../acl';
import type { EdgeType } from './edge-types';

/** Schema and extended-right GUIDs the attack-path edges look at (Microsoft's fixed values, MS-ADTS §5.1.3.2.1). */
export const GUIDS = {
  FORCE_CHANGE_PASSWORD: '00299570-246d-11d0-a768-00aa006e0529',
  MEMBER_ATTRIBUTE: 'bf9679c0-0de6-11d0-a285-00aa003049e2',
  CERTIFICATE_ENROLLMENT: '0e10c968-78fb-11d2-90d4-00c04f79dc55',
  CERTIFICATE_AUTOENROLLMENT: 'a05b8cc2-17bc-4802-a710-e7c15ab866a2',
} as const;

const OBJECT_INHERIT = 0x01;
const CONTAINER_INHERIT = 0x02;
const NO_PROPAGATE_INHERIT = 0x04;
const INHERIT_ONLY = 0x08;
const INHERITED = 0x10;

/** schemaIDGUIDs of the classes an inheritable ACE may be limited to (MS-ADSC). */
export const CLASS_GUIDS: Record<'user' | 'computer' | 'group' | 'ou', string> = {
  user: 'bf967aba-0de6-11d0-a285-00aa003049e2',
  computer: 'bf967a86-0de6-11d0-a285-00aa003049e2',
  group: 'bf967a9c-0de6-11d0-a285-00aa003049e2',
  ou: 'bf967aa5-0de6-11d0-a285-00aa003049e2',
};

/** Trustees that are no attacker: the object itself, the system, the creator placeholder. */
const NOT_AN_ATTACKER = new Set(['S-1-5-10', 'S-1-5-18', 'S-1-3-0']);

/**
 * Whether an ACE on a container reaches an object `depth` levels below it (1 = child): it must be inheritable to
 * that object, and its class filter (inherited object type) must match. A user object is also of class user when it
 * is a computer (computer derives from user), as AD's inheritance has it.
 */
export function inheritsTo(ace: Ace, depth: number, kind: 'user' | 'computer' | 'group' | 'ou'): boolean {
  if ((ace.flags & (OBJECT_INHERIT | CONTAINER_INHERIT)) === 0) return false;
  if ((ace.flags & NO_PROPAGATE_INHERIT) !== 0 && depth > 1) return false;
  if (ace.inheritedObjectType === null) return true;
  if (ace.inheritedObjectType === CLASS_GUIDS[kind]) return true;
  return kind === 'computer' && ace.inheritedObjectType === CLASS_GUIDS.user;
}

/** The same ACE as it applies to a descendant: its effective rights, no longer inherit-only. */
export function asInherited(ace: Ace): Ace {
  return { ...ace, flags: (ace.flags & ~INHERIT_ONLY) | INHERITED, inheritedObjectType: null };
}
const SELF_WRITE = 0x08; // ADS_RIGHT_DS_SELF (validated write, e.g. add oneself to a group)
const FULL_CONTROL = 0xf01ff;

/** What the target object is, because the same right means different things on different objects. */
export type TargetKind = 'user' | 'computer' | 'group' | 'domain' | 'template' | 'other';

/**
 * The control edges one ACE gives its trustee over the object it sits on. Deny ACEs are not subtracted (a deny that
 * really blocks would need the whole evaluation order; reporting a path a deny blocks errs on the safe side), and
 * inherit-only ACEs do not apply to the object itself.
 */
export function edgesOfAce(ace: Ace, target: TargetKind, options: { hasLaps?: boolean } = {}): EdgeType[] {
  if (!isAllow(ace) || (ace.flags & INHERIT_ONLY) !== 0 || NOT_AN_ATTACKER.has(ace.trustee)) return [];
  const mask = ace.accessMask;
  const edges: EdgeType[] = [];
  const generic = ((mask & RIGHTS.GENERIC_ALL) !== 0 || (mask & FULL_CONTROL) === FULL_CONTROL) && ace.objectType === null;
  // Full control is one edge: it implies every other right, and a cut must remove the whole ACE, not a part of it.
  if (generic) return [target === 'template' ? 'Enroll' : target === 'computer' && options.hasLaps ? 'ReadLAPSPassword' : 'GenericAll'];
  if ((mask & RIGHTS.WRITE_DACL) !== 0) edges.push('WriteDacl');
  if ((mask & RIGHTS.WRITE_OWNER) !== 0) edges.push('WriteOwner');
  const writesAll = (mask & RIGHTS.GENERIC_WRITE) !== 0 || ((mask & RIGHTS.WRITE_PROPERTY) !== 0 && ace.objectType === null);
  if (writesAll) edges.push('GenericWrite');
  if (target === 'group' && !writesAll && ace.objectType === GUIDS.MEMBER_ATTRIBUTE && (mask & (RIGHTS.WRITE_PROPERTY | SELF_WRITE)) !== 0) {
    edges.push('AddMember');
  }
  if ((mask & RIGHTS.CONTROL_ACCESS) !== 0) {
    if (ace.objectType === null) edges.push(target === 'computer' && options.hasLaps ? 'ReadLAPSPassword' : 'AllExtendedRights');
    if (ace.objectType === GUIDS.FORCE_CHANGE_PASSWORD && (target === 'user' || target === 'computer')) edges.push('ForceChangePassword');
    if (target === 'template' && (ace.objectType === GUIDS.CERTIFICATE_ENROLLMENT || ace.objectType === GUIDS.CERTIFICATE_AUTOENROLLMENT)) edges.push('Enroll');
  }
  return edges;
}

/**
 * Trustees that hold both replication rights on the domain head (DCSync needs Get-Changes and Get-Changes-All, or
 * all extended rights).
 */
export function dcsyncTrustees(aces: readonly Ace[]): string[] {
  const rights = new Map<string, Set<string>>();
  for (const ace of aces) {
    if (!isAllow(ace) || (ace.flags & INHERIT_ONLY) !== 0 || (ace.accessMask & (RIGHTS.CONTROL_ACCESS | RIGHTS.GENERIC_ALL)) === 0) continue;
    const set = rights.get(ace.trustee) ?? new Set<string>();
    if (ace.objectType === null) set.add('all');
    else if (DCSYNC_RIGHTS.has(ace.objectType)) set.add(ace.objectType);
    rights.set(ace.trustee, set);
  }
  return [...rights]
    .filter(([, set]) => set.has('all') || (set.has('1131f6aa-9c07-11d1-f79f-00c04fc2dcd2') && set.has('1131f6ad-9c07-11d1-f79f-00c04fc2dcd2')))
    .map(([trustee]) => trustee);
}
