import { defineEntraCheck } from '../define-check';
import { tenantAffected } from '../entra-helpers';
import { found } from '../types';

/** CHECKS.md §3 E5 (ScubaGear MS.AAD.5.2v1): users may consent to apps themselves (a ManagePermissionGrantsForSelf policy is assigned). */
export const entraUserConsentAllowed = defineEntraCheck({
  slug: 'entra-user-consent-allowed',
  title: 'Benutzer dürfen Apps selbst Zugriff auf Unternehmensdaten erteilen',
  description:
    'Die Autorisierungsrichtlinie erlaubt Benutzern, Anwendungen selbst die Einwilligung für den Zugriff auf ihre Daten (z. B. E-Mails, Dateien) zu erteilen.',
  whyItMatters:
    'Beim Consent-Phishing bringen Angreifer Benutzer dazu, einer bösartigen App Zugriff auf Postfach und Dateien zu geben. Dieser Zugriff umgeht Passwort und MFA und bleibt nach einem Passwortwechsel bestehen.',
  remediation: [
    'Stellen Sie unter „Unternehmensanwendungen → Einwilligung und Berechtigungen“ auf „Benutzereinwilligung nicht zulassen“.',
    'Aktivieren Sie den Administratoreinwilligungs-Workflow, damit Benutzer Apps beantragen können.',
  ],
  category: 'entra',
  criticality: 'high',
  scoreImpact: 6,
  directory: 'entra',
  needs: ['authorizationPolicy'],
  thresholds: [],
  detect(entra) {
    const policies = entra.authorizationPolicy?.defaultUserRolePermissions.permissionGrantPoliciesAssigned ?? [];
    const selfConsent = policies.filter((policy) => policy.startsWith('ManagePermissionGrantsForSelf.'));
    return found(selfConsent.length === 0 ? [] : [tenantAffected(entra, `Zugewiesene Einwilligungsrichtlinien: ${selfConsent.join(', ')}`)]);
  },
});
