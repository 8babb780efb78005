import type { Ace } from '@burgwall/shared';
import { BUILTIN, RID, type SnapshotIndex, WELL_KNOWN, tier0GroupSids } from './snapshot-index';

export const RIGHTS = {
  CONTROL_ACCESS: 0x100,
  WRITE_PROPERTY: 0x20,
  WRITE_DACL: 0x40000,
  WRITE_OWNER: 0x80000,
  GENERIC_ALL: 0x10000000,
  GENERIC_WRITE: 0x40000000,
} as const;

/** GENERIC_ALL as AD stores it: it maps generic rights to the specific ones (all DS rights, DELETE, READ/WRITE_DAC, WRITE_OWNER). */
export const FULL_CONTROL = 0xf01ff;

export const DCSYNC_RIGHTS = new Set([
  '1131f6aa-9c07-11d1-f79f-00c04fc2dcd2',
  '1131f6ad-9c07-11d1-f79f-00c04fc2dcd2',
  '89e95b76-444d-4c62-991a-0facbeda640c',
]);

export function isAllow(ace: Ace): boolean {
  return ace.type === 'allow' || ace.type === 'allow-object';
}

/** Full control, write, or change permissions/owner. */
export function grantsWrite(ace: Ace): boolean {
  return (
    isAllow(ace) &&
    (ace.accessMask & (RIGHTS.GENERIC_ALL | RIGHTS.GENERIC_WRITE | RIGHTS.WRITE_DACL | RIGHTS.WRITE_OWNER | RIGHTS.WRITE_PROPERTY)) !== 0
  );
}

/** Principals that legitimately hold Tier-0 rights. */
export function tier0Trustees(index: SnapshotIndex): Set<string> {
  return new Set([
    WELL_KNOWN.SYSTEM,
    WELL_KNOWN.SELF,
    WELL_KNOWN.ENTERPRISE_DCS,
    BUILTIN.ADMINISTRATORS,
    index.domainRidSid(RID.DOMAIN_ADMINS),
    index.domainRidSid(RID.ENTERPRISE_ADMINS),
    index.domainRidSid(RID.DOMAIN_CONTROLLERS),
    index.domainRidSid(RID.READONLY_DCS),
    index.domainRidSid(WELL_KNOWN.ENTERPRISE_RODCS_RID),
    index.domainRidSid(RID.KEY_ADMINS),
    index.domainRidSid(RID.ENTERPRISE_KEY_ADMINS),
  ]);
}

/**
 * Whether a trustee is itself Tier 0, so its rights on Tier-0 objects are no escalation: the usual trustees, every
 * Tier-0 group (also the operator groups, which Windows' default schema ACLs give full control of accounts), the
 * built-in Administrator, privileged accounts and domain controllers.
 */
export function isTier0Trustee(sid: string, index: SnapshotIndex): boolean {
  if (tier0Trustees(index).has(sid) || tier0GroupSids(index.domainSid).includes(sid)) return true;
  if (sid === index.domainRidSid(RID.ADMINISTRATOR)) return true;
  const entry = index.bySid(sid);
  if (!entry || entry.kind === 'group') return false;
  return index.isPrivileged(entry.object) || ('isDomainController' in entry.object && entry.object.isDomainController);
}

const INHERIT_ONLY_ACE = 0x8;
/** member, ForceChangePassword (User-Force-Change-Password), msDS-KeyCredentialLink, RBCD, gPLink. */
const DANGEROUS_PROPERTIES: Record<string, string> = {
  'bf9679c0-0de6-11d0-a285-00aa003049e2': 'Schreiben von member',
  '5b47d60f-6090-40b2-9f37-2a4de88f3063': 'Schreiben von msDS-KeyCredentialLink',
  '3f78c3e5-f79a-46bd-a0b8-9d18116ddc79': 'Schreiben von msDS-AllowedToActOnBehalfOfOtherIdentity',
  'f30e3bbe-9ff0-11d1-b603-0000f80367c1': 'Schreiben von gPLink',
};
const FORCE_CHANGE_PASSWORD = '00299570-246d-11d0-a768-00aa006e0529';

/**
 * The takeover rights an ACE grants on the object itself (inherit-only ACEs apply to children only): GenericAll,
 * GenericWrite, WriteDacl, WriteOwner, WriteProperty on all or on dangerous properties, all or the
 * ForceChangePassword extended right. Empty when none.
 */
export function takeoverRights(ace: Ace): string[] {
  if (!isAllow(ace) || (ace.flags & INHERIT_ONLY_ACE) !== 0) return [];
  const mask = ace.accessMask;
  // Full control as AD stores it is one right, not its five parts.
  if ((mask & RIGHTS.GENERIC_ALL) !== 0 || (mask & FULL_CONTROL) === FULL_CONTROL) return ['Vollzugriff (GenericAll)'];
  const rights: string[] = [];
  if (mask & RIGHTS.GENERIC_WRITE) rights.push('GenericWrite');
  if (mask & RIGHTS.WRITE_DACL) rights.push('Berechtigungen ändern (WriteDacl)');
  if (mask & RIGHTS.WRITE_OWNER) rights.push('Besitz übernehmen (WriteOwner)');
  if (mask & RIGHTS.WRITE_PROPERTY) {
    if (ace.objectType === null) rights.push('Alle Eigenschaften schreiben');
    else if (DANGEROUS_PROPERTIES[ace.objectType]) rights.push(DANGEROUS_PROPERTIES[ace.objectType] as string);
  }
  if (mask & RIGHTS.CONTROL_ACCESS) {
    if (ace.objectType === null) rights.push('Alle erweiterten Rechte');
    else if (ace.objectType === FORCE_CHANGE_PASSWORD) rights.push('Kennwort zurücksetzen (ForceChangePassword)');
  }
  return rights;
}

/**
 * Principals that stand for (nearly) everyone: Everyone, Anonymous Logon, Authenticated Users, builtin Users and
 * Guests, Domain Users, Domain Guests, Domain Computers.
 */
export function broadPrincipals(index: SnapshotIndex): Set<string> {
  return new Set([
    WELL_KNOWN.EVERYONE,
    WELL_KNOWN.ANONYMOUS,
    WELL_KNOWN.AUTHENTICATED_USERS,
    'S-1-5-32-545',
    'S-1-5-32-546',
    index.domainRidSid(RID.DOMAIN_USERS),
    index.domainRidSid(RID.DOMAIN_GUESTS),
    index.domainRidSid(RID.DOMAIN_COMPUTERS),
  ]);
}
