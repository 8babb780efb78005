import { defineHybridCheck } from '../define-check';
import { isSynced, roleHolders, userAffected } from '../entra-helpers';
import { isEnabled } from '../snapshot-index';
import { type AffectedObject, found } from '../types';

/** Hybrid: a synced cloud admin whose AD account is disabled (or deleted) still holds its Entra role and may be enabled in the cloud. */
export const entraSyncedAdminAdDisabled = defineHybridCheck({
  slug: 'entra-synced-admin-ad-disabled',
  title: 'Cloud-Administrator mit deaktiviertem AD-Konto',
  description:
    'Ein aus dem lokalen AD synchronisiertes Konto hält eine privilegierte Entra-Rolle, obwohl sein AD-Konto deaktiviert ist oder im AD nicht mehr existiert.',
  whyItMatters:
    'Beim Offboarding wird meist nur das AD-Konto deaktiviert. Die Cloud-Rolle bleibt, und bei gestörter Synchronisierung oder vorhandenen Token und App-Kennwörtern ist das Konto in der Cloud weiter nutzbar.',
  remediation: ['Entziehen Sie dem Konto die Entra-Rollen.', 'Prüfen Sie, ob die Synchronisierung des Kontos funktioniert, und widerrufen Sie seine Sitzungen.'],
  category: 'entra',
  criticality: 'high',
  scoreImpact: 6,
  directory: 'hybrid',
  needs: ['users', 'groups', 'roleDefinitions', 'roleAssignments'],
  thresholds: [],
  detect(entra, _settings, ad) {
    const affected: AffectedObject[] = [];
    for (const { user, roles } of roleHolders(entra).values()) {
      const sid = user.onPremisesSecurityIdentifier;
      if (!isSynced(user) || !sid) continue;
      const adObject = ad.index.bySid(sid);
      // A SID of another domain (multi-domain sync) is not in this snapshot: nothing to judge.
      if (!sid.startsWith(`${ad.index.domainSid}-`)) continue;
      if (adObject && adObject.kind === 'user' && isEnabled(adObject.object)) continue;
      const state = adObject ? 'AD-Konto deaktiviert' : 'AD-Konto nicht gefunden';
      affected.push(userAffected(user, `${state}; Cloud ${user.accountEnabled === false ? 'deaktiviert' : 'aktiv'}; Rollen: ${roles.join(', ')}`, adObject?.object.distinguishedName ?? null));
    }
    return found(affected);
  },
});
