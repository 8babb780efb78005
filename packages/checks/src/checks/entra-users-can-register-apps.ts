import { defineEntraCheck } from '../define-check';
import { tenantAffected } from '../entra-helpers';
import { found } from '../types';

/** CHECKS.md §3 E6 (ScubaGear MS.AAD.5.1v1): every user may register applications. */
export const entraUsersCanRegisterApps = defineEntraCheck({
  slug: 'entra-users-can-register-apps',
  title: 'Benutzer dürfen Anwendungen registrieren',
  description: 'Die Autorisierungsrichtlinie erlaubt jedem Benutzer, App-Registrierungen im Mandanten anzulegen (allowedToCreateApps).',
  whyItMatters:
    'Selbst registrierte Apps mit eigenen Geheimnissen sind ein unauffälliger Weg, dauerhaft Zugang zum Mandanten zu behalten, und werden für Consent-Phishing im eigenen Namen missbraucht.',
  remediation: ['Setzen Sie unter „Benutzereinstellungen“ die Option „Benutzer können Anwendungen registrieren“ auf „Nein“.', 'Vergeben Sie bei Bedarf die Rolle „Anwendungsentwickler“.'],
  category: 'entra',
  criticality: 'medium',
  scoreImpact: 3,
  directory: 'entra',
  needs: ['authorizationPolicy'],
  thresholds: [],
  detect(entra) {
    // Graph's default is true: an unknown value (null) counts as allowed.
    const allowed = entra.authorizationPolicy?.defaultUserRolePermissions.allowedToCreateApps !== false;
    return found(allowed && entra.authorizationPolicy ? [tenantAffected(entra, 'allowedToCreateApps = true')] : []);
  },
});
