import { defineEntraCheck } from '../define-check';
import { breakGlassUserIds, daysSince, germanDate, lastSignIn, roleHolders, userAffected } from '../entra-helpers';
import { type AffectedObject, found, threshold } from '../types';

/** CHECKS.md §3 E14: an enabled privileged role holder has not signed in for longer than the threshold. */
export const entraStalePrivilegedUser = defineEntraCheck({
  slug: 'entra-stale-privileged-user',
  title: 'Privilegiertes Entra-Konto seit langem nicht angemeldet',
  description: 'Ein aktiviertes Konto mit privilegierter Verzeichnisrolle hat sich seit mehr als der eingestellten Anzahl Tage nicht angemeldet.',
  whyItMatters: 'Verwaiste Administratorkonten fallen niemandem auf, wenn sie missbraucht werden, und behalten ihre Rechte oft lange nach dem Ausscheiden der Person.',
  remediation: ['Entziehen Sie ungenutzten Konten die Rollen oder deaktivieren Sie die Konten.', 'Richten Sie regelmäßige Zugriffsüberprüfungen für privilegierte Rollen ein.'],
  category: 'entra',
  criticality: 'medium',
  scoreImpact: 3,
  directory: 'entra',
  needs: ['users', 'signInActivity', 'groups', 'roleDefinitions', 'roleAssignments', 'conditionalAccessPolicies'],
  emptyWithoutLicense: ['conditionalAccessPolicies'],
  thresholds: [{ key: 'days', label: 'Tage ohne Anmeldung', unit: 'Tage', default: 90, min: 14, max: 730 }],
  detect(entra, settings) {
    const limit = threshold(this, settings, 'days');
    const breakGlass = breakGlassUserIds(entra);
    const affected: AffectedObject[] = [];
    for (const { user, roles } of roleHolders(entra).values()) {
      // Break-glass accounts are meant to stay unused; the sync account signs in non-interactively all the time.
      if (user.accountEnabled === false || breakGlass.has(user.id)) continue;
      const last = lastSignIn(user);
      const age = daysSince(entra, last ?? user.createdDateTime);
      if (age === null || age <= limit) continue;
      affected.push(userAffected(user, `${last ? `Letzte Anmeldung ${germanDate(last)}` : 'Nie angemeldet'}; Rollen: ${roles.join(', ')}`));
    }
    return found(affected);
  },
});
