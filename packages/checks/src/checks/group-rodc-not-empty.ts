import { principalObject } from '../affected';
import { defineCheck } from '../define-check';
import { RID } from '../snapshot-index';
import { type AffectedObject, found } from '../types';

/** CHECKS.md §2.2 #3: the Allowed RODC Password Replication Group (RID 571) has members. */
export const groupRodcNotEmpty = defineCheck({
  slug: 'group-rodc-not-empty',
  title: 'Zulässige RODC-Kennwortreplikationsgruppe ist nicht leer',
  description: 'Die Gruppe „Zulässige RODC-Kennwortreplikationsgruppe“ enthält Mitglieder.',
  whyItMatters:
    'Die Kennwörter aller Mitglieder dürfen auf jedem schreibgeschützten Domänencontroller (RODC) zwischengespeichert werden. Wird ein RODC in einer Außenstelle kompromittiert, sind diese Kennwörter verloren.',
  remediation: [
    'Entfernen Sie alle Mitglieder aus der Gruppe „Zulässige RODC-Kennwortreplikationsgruppe“.',
    'Tragen Sie stattdessen gezielte Gruppen in die Kennwortreplikationsrichtlinie des jeweiligen RODC ein.',
  ],
  category: 'privileged-accounts',
  criticality: 'medium',
  scoreImpact: 4,
  directory: 'ad',
  thresholds: [],
  detect(_snapshot, _settings, index) {
    const group = index.group(RID.ALLOWED_RODC_PRG);
    if (!group) return found([]);
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
    return found(affected);
  },
});
