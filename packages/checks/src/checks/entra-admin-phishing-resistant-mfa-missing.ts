import { defineEntraCheck } from '../define-check';
import { enabledPolicies, targetsAllApps, tenantAffected } from '../entra-helpers';
import { found } from '../types';
import { ENTRA_ROLE_TEMPLATES } from '@burgwall/shared';

/** Built-in authentication strength "Phishing-resistant MFA" (FIDO2, Windows Hello, certificate). */
const PHISHING_RESISTANT_STRENGTH = '00000000-0000-0000-0000-000000000004';

/** CHECKS.md §3 E2 (ScubaGear MS.AAD.3.6v1): no CA policy demands phishing-resistant MFA of the Global Administrators. */
export const entraAdminPhishingResistantMfaMissing = defineEntraCheck({
  slug: 'entra-admin-phishing-resistant-mfa-missing',
  title: 'Keine phishing-resistente MFA für Administratoren',
  description:
    'Keine aktive Richtlinie für bedingten Zugriff verlangt von den Globalen Administratoren die Authentifizierungsstärke „Phishing-resistente MFA“ (FIDO2, Windows Hello for Business, Zertifikat).',
  whyItMatters:
    'Push-Benachrichtigungen, SMS und Einmalcodes lassen sich mit Adversary-in-the-Middle-Phishing umgehen. Für Administratorkonten ist das der häufigste Weg zur Übernahme des Mandanten.',
  remediation: [
    'Erstellen Sie eine Richtlinie für bedingten Zugriff für die privilegierten Verzeichnisrollen mit der Authentifizierungsstärke „Phishing-resistente MFA“.',
    'Registrieren Sie für alle Administratoren FIDO2-Schlüssel oder Windows Hello for Business.',
  ],
  category: 'entra',
  criticality: 'high',
  scoreImpact: 6,
  directory: 'entra',
  needs: ['conditionalAccessPolicies'],
  emptyWithoutLicense: ['conditionalAccessPolicies'],
  thresholds: [],
  detect(entra) {
    const covered = enabledPolicies(entra).some(
      (policy) =>
        targetsAllApps(policy) &&
        policy.grantControls?.authenticationStrength?.id === PHISHING_RESISTANT_STRENGTH &&
        (policy.conditions.users.includeRoles.includes(ENTRA_ROLE_TEMPLATES.globalAdministrator) || policy.conditions.users.includeUsers.includes('All')),
    );
    return found(covered ? [] : [tenantAffected(entra, 'Keine aktive Richtlinie mit phishing-resistenter MFA für Globale Administratoren')]);
  },
});
