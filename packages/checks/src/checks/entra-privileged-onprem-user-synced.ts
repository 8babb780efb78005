import { defineCheck } from '../define-check';
import { type AffectedObject, found, skipped } from '../types';
import { NO_ENTRA_DATA } from './entra-legacy-authentication-allowed';

/** CHECKS.md §2.2 #11: a privileged Entra role holder is synchronised from on-prem AD. */
export const entraPrivilegedOnpremUserSynced = defineCheck({
  slug: 'entra-privileged-onprem-user-synced',
  title: 'Privilegiertes Entra-Konto wird aus dem lokalen AD synchronisiert',
  description: 'Ein Konto mit einer privilegierten Entra-ID-Rolle ist ein aus dem lokalen Active Directory synchronisiertes Konto.',
  whyItMatters:
    'Wer das lokale AD übernimmt, übernimmt über die Synchronisierung auch die Cloud. Cloud-Administratoren sollten reine Cloud-Konten sein, damit ein Angriff vor Ort nicht auf Microsoft 365 übergreift.',
  remediation: [
    'Legen Sie für Entra-Administratoren eigene Nur-Cloud-Konten an.',
    'Entziehen Sie den synchronisierten Konten die privilegierten Rollen.',
  ],
  category: 'entra',
  criticality: 'high',
  scoreImpact: 8,
  directory: 'entra',
  thresholds: [],
  detect(snapshot, _settings, index) {
    const entra = snapshot.entra;
    if (!entra) return skipped(NO_ENTRA_DATA);
    const users = new Map(entra.users.map((user) => [user.id, user]));
    const rolesByUser = new Map<string, string[]>();
    for (const assignment of entra.roleAssignments) {
      rolesByUser.set(assignment.principalId, [...(rolesByUser.get(assignment.principalId) ?? []), assignment.roleName]);
    }
    const affected: AffectedObject[] = [];
    for (const [userId, roles] of rolesByUser) {
      const user = users.get(userId);
      if (!user?.onPremisesSyncEnabled) continue;
      const adAccount = user.onPremisesSecurityIdentifier ? index.bySid(user.onPremisesSecurityIdentifier) : undefined;
      const alsoAdPrivileged = adAccount && adAccount.kind !== 'group' && index.isPrivileged(adAccount.object);
      affected.push({
        objectKey: user.id,
        objectType: 'entra-user',
        name: user.userPrincipalName,
        distinguishedName: adAccount?.object.distinguishedName ?? null,
        evidence: `Rollen: ${roles.join(', ')}; synchronisiert${alsoAdPrivileged ? '; auch im lokalen AD privilegiert' : ''}`,
      });
    }
    return found(affected);
  },
});
