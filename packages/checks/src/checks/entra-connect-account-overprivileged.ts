import type { CheckUser } from '../check-snapshot';
import { RIGHTS, isAllow } from '../acl';
import { defineCheck } from '../define-check';
import { type AffectedObject, found } from '../types';

/** The description Entra Connect (formerly Azure AD Connect) writes on the AD DS connector account it creates. */
const CONNECT_DESCRIPTION = /created by Microsoft (Azure Active Directory|Azure AD|Entra) Connect/i;
const MSOL_NAME = /^MSOL_[0-9a-f]{12}$/i;

/** Rights on the domain root beyond the replication (DCSync) and write-back rights the connector needs. */
const EXCESSIVE = RIGHTS.GENERIC_ALL | RIGHTS.WRITE_DACL | RIGHTS.WRITE_OWNER | RIGHTS.GENERIC_WRITE;

function isEntraConnectAccount(user: CheckUser): boolean {
  return CONNECT_DESCRIPTION.test(user.description ?? '') || MSOL_NAME.test(user.sAMAccountName);
}

/** CHECKS.md §3 #41: the Entra Connect AD DS connector account (MSOL_…) is Tier-0 or has full control of the domain. */
export const entraConnectAccountOverprivileged = defineCheck({
  slug: 'entra-connect-account-overprivileged',
  title: 'Entra-Connect-Dienstkonto mit überhöhten AD-Rechten',
  description:
    'Das AD-DS-Connector-Konto von Entra Connect (MSOL_…) ist Mitglied einer Tier-0-Gruppe oder hat auf dem Domänenobjekt mehr als die nötigen Replikationsrechte (Vollzugriff, Berechtigungen oder Besitzer ändern).',
  whyItMatters:
    'Das Kennwort dieses Kontos liegt auf dem Entra-Connect-Server und lässt sich dort auslesen. Es hat ohnehin DCSync-Rechte; als Administrator wird aus dem Server ein zweiter Domänencontroller, den selten jemand als Tier 0 schützt.',
  remediation: [
    'Entfernen Sie das Konto aus Domänen-Admins, Organisations-Admins und anderen Tier-0-Gruppen.',
    'Setzen Sie die Rechte mit dem Modul ADSyncConfig (Set-ADSyncRestrictedPermissions) auf das Minimum zurück.',
    'Schützen Sie den Entra-Connect-Server wie einen Domänencontroller.',
  ],
  category: 'privileged-accounts',
  criticality: 'high',
  scoreImpact: 8,
  directory: 'ad',
  thresholds: [],
  detect(snapshot, _settings, index) {
    const aces = snapshot.domain.securityDescriptor?.aces ?? [];
    const affected: AffectedObject[] = [];
    for (const user of snapshot.users.filter(isEntraConnectAccount)) {
      const reasons: string[] = [];
      const membership = index.privileged().get(user.distinguishedName);
      if (membership) reasons.push(`Mitglied von ${membership.groups.join(', ')}`);
      if (aces.some((ace) => isAllow(ace) && ace.trustee === user.objectSid && ace.objectType === null && (ace.accessMask & EXCESSIVE) !== 0)) {
        reasons.push('Vollzugriff bzw. Schreibrechte auf dem Domänenobjekt');
      }
      if (reasons.length === 0) continue;
      affected.push({ objectKey: user.objectGuid, objectType: 'user', name: user.sAMAccountName, distinguishedName: user.distinguishedName, evidence: reasons.join('; ') });
    }
    return found(affected);
  },
});
