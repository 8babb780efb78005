import type { Ace } from '@burgwall/shared';
import { BUILTIN, RID, type SnapshotIndex, WELL_KNOWN } from './snapshot-index';

export const RIGHTS = {
  CONTROL_ACCESS: 0x100,
  WRITE_PROPERTY: 0x20,
  WRITE_DACL: 0x40000,
  WRITE_OWNER: 0x80000,
  GENERIC_ALL: 0x10000000,
  GENERIC_WRITE: 0x40000000,
} as const;

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
