import { defineEntraCheck } from '../define-check';
import { breakGlassUserIds, roleHolders, userAffected } from '../entra-helpers';
import { type AffectedObject, found } from '../types';

/** A privileged role holder has no MFA method registered (userRegistrationDetails.isMfaRegistered = false). */
export const entraAdminWithoutMfa = defineEntraCheck({
  slug: 'entra-admin-without-mfa',
  title: 'Administrator ohne registrierte Multi-Faktor-Authentifizierung',
  description: 'Ein aktiviertes Konto mit privilegierter Verzeichnisrolle hat keine Methode für die Multi-Faktor-Authentifizierung registriert.',
  whyItMatters:
    'Ohne registrierte Methode kann eine MFA-Richtlinie das Konto nicht schützen; bei der ersten MFA-Aufforderung registriert womöglich der Angreifer mit dem erbeuteten Passwort seine eigene Methode.',
  remediation: ['Lassen Sie die Administratoren umgehend FIDO2-Schlüssel oder Microsoft Authenticator registrieren.', 'Entziehen Sie die Rolle, bis das erledigt ist.'],
  category: 'entra',
  criticality: 'critical',
  scoreImpact: 10,
  directory: 'entra',
  needs: ['users', 'authMethods', 'groups', 'roleDefinitions', 'roleAssignments'],
  thresholds: [],
  detect(entra) {
    const breakGlass = breakGlassUserIds(entra);
    const affected: AffectedObject[] = [];
    for (const { user, roles } of roleHolders(entra).values()) {
      // Break-glass accounts often rely on a long password in a safe; a missing record (authMethods null) is unknown, not "no MFA".
      if (user.accountEnabled === false || breakGlass.has(user.id) || !user.authMethods || user.authMethods.isMfaRegistered) continue;
      affected.push(userAffected(user, `Keine MFA registriert; Rollen: ${roles.join(', ')}`));
    }
    return found(affected);
  },
});
