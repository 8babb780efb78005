import { defineEntraCheck } from '../define-check';
import { isGuest, roleHolders, userAffected } from '../entra-helpers';
import { found } from '../types';

/** CHECKS.md §3 E9: a guest (external) account holds a privileged directory role. */
export const entraGuestPrivilegedRole = defineEntraCheck({
  slug: 'entra-guest-privileged-role',
  title: 'Gastkonto mit privilegierter Entra-Rolle',
  description: 'Ein Gastbenutzer (externes Konto) hält eine privilegierte Verzeichnisrolle, aktiv oder über PIM berechtigt.',
  whyItMatters:
    'Die Sicherheit eines Gastkontos bestimmt der fremde Mandant: dessen Passwort-, MFA- und Offboarding-Regeln. Wird es dort übernommen, gehört dem Angreifer auch Ihr Mandant.',
  remediation: ['Entziehen Sie Gastkonten privilegierte Rollen.', 'Legen Sie für externe Dienstleister eigene, verwaltete Konten im Mandanten an.'],
  category: 'entra',
  criticality: 'high',
  scoreImpact: 6,
  directory: 'entra',
  needs: ['users', 'groups', 'roleDefinitions', 'roleAssignments'],
  thresholds: [],
  detect(entra) {
    return found([...roleHolders(entra).values()].filter(({ user }) => isGuest(user)).map(({ user, roles }) => userAffected(user, `Gast mit Rollen: ${roles.join(', ')}`)));
  },
});
