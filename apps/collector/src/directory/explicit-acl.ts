import type { SecurityDescriptor } from '@burgwall/shared';

const INHERITED_ACE = 0x10;
/** Rights that give control (full control, write, change permissions/owner, write property, validated write, extended rights). */
const CONTROL_RIGHTS = 0x10000000 | 0x40000000 | 0x40000 | 0x80000 | 0x20 | 0x8 | 0x100;
/** The object itself, the system and the creator placeholder: no attacker. */
const NOT_AN_ATTACKER = new Set(['S-1-5-10', 'S-1-5-18', 'S-1-3-0']);

/**
 * The part of an ordinary object's ACL the attack paths need: its owner and the ACEs set on it directly that give
 * control. Inherited ACEs are left out (they sit on the OU or domain head they come from, which the snapshot holds),
 * and so are read rights: this keeps a million-object snapshot small.
 */
export function explicitControlAcl(descriptor: SecurityDescriptor): SecurityDescriptor {
  return {
    owner: descriptor.owner,
    aces: descriptor.aces.filter(
      (ace) => (ace.flags & INHERITED_ACE) === 0 && (ace.type === 'allow' || ace.type === 'allow-object') && (ace.accessMask & CONTROL_RIGHTS) !== 0 && !NOT_AN_ATTACKER.has(ace.trustee),
    ),
  };
}
