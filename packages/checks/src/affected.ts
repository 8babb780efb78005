import type { Gpo } from '@burgwall/shared';
import type { CheckComputer, CheckGroup, CheckUser } from './check-snapshot';
import { utcGermanDate } from './iso-time';
import type { AffectedObject } from './types';

type Principal = CheckUser | CheckComputer | CheckGroup;

export function principalObject(principal: Principal, evidence: string): AffectedObject {
  const objectType = 'groupType' in principal ? 'group' : 'dnsHostName' in principal ? 'computer' : 'user';
  return {
    objectKey: principal.objectGuid,
    objectType,
    name: principal.sAMAccountName,
    distinguishedName: principal.distinguishedName,
    evidence,
  };
}

export function gpoObject(gpo: Gpo, evidence: string, detail = ''): AffectedObject {
  return {
    objectKey: detail ? `${gpo.gpoId}:${detail}` : gpo.gpoId,
    objectType: 'gpo',
    name: gpo.displayName,
    distinguishedName: gpo.distinguishedName,
    evidence,
  };
}

// One masking for checks and collector (it masks SYSVOL script excerpts before upload).
export { maskSecret } from '@burgwall/shared';

export function germanDate(timestamp: string | null): string {
  if (!timestamp) return 'nie';
  return utcGermanDate(timestamp);
}
