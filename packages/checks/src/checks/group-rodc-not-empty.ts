import { principalObject } from '../affected';
import { defineCheck } from '../define-check';
import { UAC, hasUacFlag } from '@burgwall/shared';
import { type Account, RID, type SnapshotIndex } from '../snapshot-index';
import { type AffectedObject, found } from '../types';

/**
 * CHECKS.md §2.2 #3: the Allowed RODC Password Replication Group (RID 571) has members; also the alternative reading:
 * the Read-only Domain Controllers group (RID 521) holds accounts that are not RODCs.
 */
export const groupRodcNotEmpty = defineCheck({
  slug: 'group-rodc-not-empty',
  title: 'Zulässige RODC-Kennwortreplikationsgruppe ist nicht leer',
  description:
    'Die Gruppe „Zulässige RODC-Kennwortreplikationsgruppe“ enthält Mitglieder, oder die Gruppe „Schreibgeschützte Domänencontroller“ enthält Konten, die keine RODCs sind.',
  whyItMatters:
    'Die Kennwörter aller Mitglieder dürfen auf jedem schreibgeschützten Domänencontroller (RODC) zwischengespeichert werden. Wird ein RODC in einer Außenstelle kompromittiert, sind diese Kennwörter verloren.',
  remediation: [
    'Entfernen Sie alle Mitglieder aus der Gruppe „Zulässige RODC-Kennwortreplikationsgruppe“.',
    'Tragen Sie stattdessen gezielte Gruppen in die Kennwortreplikationsrichtlinie des jeweiligen RODC ein.',
    'Entfernen Sie Konten, die keine schreibgeschützten Domänencontroller sind, aus der Gruppe „Schreibgeschützte Domänencontroller“.',
  ],
  category: 'privileged-accounts',
  criticality: 'medium',
  scoreImpact: 4,
  directory: 'ad',
  thresholds: [],
  detect(_snapshot, _settings, index) {
    const affected = [...allowedGroupMembers(index), ...nonRodcsInRodcGroup(index)];
    return found(affected);
  },
});

function allowedGroupMembers(index: SnapshotIndex): AffectedObject[] {
  const group = index.group(RID.ALLOWED_RODC_PRG);
  if (!group) return [];
  const affected: AffectedObject[] = [];
  const seen = new Set<string>();
  for (const memberDn of group.members) {
    const member = index.byDn(memberDn);
    if (member) {
      seen.add(member.object.distinguishedName);
      affected.push(principalObject(member.object, member.kind === 'group' ? 'Gruppe ist direktes Mitglied' : 'Direktes Mitglied'));
    } else {
      affected.push({ objectKey: memberDn, objectType: 'user', name: memberDn.split(',')[0]?.replace(/^CN=/i, '') ?? memberDn, distinguishedName: memberDn, evidence: 'Direktes Mitglied (nicht aufgelöst)' });
    }
  }
  for (const account of index.transitiveMembers(group)) {
    if (seen.has(account.distinguishedName)) continue;
    affected.push(principalObject(account, index.isPrivileged(account) ? 'Verschachteltes Mitglied, privilegiertes Konto' : 'Verschachteltes Mitglied'));
  }
  return affected;
}

function isRodc(account: Account): boolean {
  return 'isReadOnlyDomainController' in account && (account.isReadOnlyDomainController || hasUacFlag(account.userAccountControl, UAC.PARTIAL_SECRETS_ACCOUNT));
}

/** Accounts in the Read-only Domain Controllers group (521, with nesting) that are not RODCs: never expected there. */
function nonRodcsInRodcGroup(index: SnapshotIndex): AffectedObject[] {
  const group = index.group(RID.READONLY_DCS);
  if (!group) return [];
  return index
    .transitiveMembers(group)
    .filter((account) => !isRodc(account))
    .map((account) => ({
      ...principalObject(account, `Mitglied von „${group.sAMAccountName}“ (RID 521), aber kein schreibgeschützter Domänencontroller`),
      objectKey: `${account.objectGuid}:rodc-group`,
    }));
}
