import { defineEntraCheck } from '../define-check';
import { breakGlassUserIds, roleHolders, userAffected } from '../entra-helpers';
import { type AffectedObject, found, skipped } from '../types';

/**
 * CHECKS.md §3 E4 (ScubaGear MS.AAD.7.4v1): with P2 (PIM available) a privileged role is held permanently active
 * instead of eligible. Break-glass accounts (excluded from the all-users CA policies) are expected to be permanent.
 */
export const entraPermanentPrivilegedAssignment = defineEntraCheck({
  slug: 'entra-permanent-privileged-assignment',
  title: 'Privilegierte Entra-Rolle dauerhaft statt über PIM zugewiesen',
  description:
    'Ein Konto hält eine privilegierte Verzeichnisrolle dauerhaft aktiv, obwohl der Mandant mit Entra ID P2 Privileged Identity Management (PIM) nutzen kann.',
  whyItMatters:
    'Dauerhaft aktive Administratorrechte stehen einem Angreifer nach der Übernahme des Kontos sofort zur Verfügung. Mit PIM werden Rechte nur auf Zeit, mit Begründung und MFA aktiviert.',
  remediation: [
    'Wandeln Sie die dauerhaften Zuweisungen in PIM-Berechtigungen („berechtigt“) um.',
    'Belassen Sie dauerhafte Zuweisungen nur bei den Notfallzugriffskonten.',
  ],
  category: 'entra',
  criticality: 'medium',
  scoreImpact: 4,
  directory: 'entra',
  needs: ['users', 'groups', 'roleDefinitions', 'roleAssignments', 'roleEligibilitySchedules', 'conditionalAccessPolicies'],
  emptyWithoutLicense: ['conditionalAccessPolicies'],
  thresholds: [],
  detect(entra) {
    if (entra.plan !== 'P2') return skipped('Nicht geprüft: Privileged Identity Management erfordert Entra ID P2.');
    const breakGlass = breakGlassUserIds(entra);
    const affected: AffectedObject[] = [];
    for (const holder of roleHolders(entra).values()) {
      if (breakGlass.has(holder.user.id)) continue;
      // An active assignment without an eligibility for the same role is a permanent one (activated ones have both).
      const permanent = [...holder.activeTemplates].filter((template) => !holder.eligibleTemplates.has(template));
      if (permanent.length === 0) continue;
      affected.push(userAffected(holder.user, `Dauerhaft aktiv: ${holder.roles.filter((role) => !role.endsWith('(berechtigt)')).join(', ')}`));
    }
    return found(affected);
  },
});
