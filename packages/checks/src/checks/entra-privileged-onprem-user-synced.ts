import { defineEntraCheck } from '../define-check';
import { isSynced, roleHolders, userAffected } from '../entra-helpers';
import { type AffectedObject, found } from '../types';

/** CHECKS.md §2.2 #11 (ScubaGear MS.AAD.7.3v1): a privileged Entra role holder is synchronised from on-prem AD. */
export const entraPrivilegedOnpremUserSynced = defineEntraCheck({
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
  needs: ['users', 'roleDefinitions', 'roleAssignments', 'groups'],
  thresholds: [],
  detect(entra, _settings, ad) {
    const affected: AffectedObject[] = [];
    for (const { user, roles } of roleHolders(entra).values()) {
      if (!isSynced(user) && !user.onPremisesSecurityIdentifier) continue;
      // Joined to the AD snapshot by objectSid when one exists: also AD-privileged makes it the worst case.
      const adAccount = ad && user.onPremisesSecurityIdentifier ? ad.index.bySid(user.onPremisesSecurityIdentifier) : undefined;
      const alsoAdPrivileged = !!ad && !!adAccount && adAccount.kind !== 'group' && ad.index.isPrivileged(adAccount.object);
      affected.push(
        userAffected(user, `Rollen: ${roles.join(', ')}; synchronisiert${alsoAdPrivileged ? '; auch im lokalen AD privilegiert' : ''}`, adAccount?.object.distinguishedName ?? null),
      );
    }
    return found(affected);
  },
});
