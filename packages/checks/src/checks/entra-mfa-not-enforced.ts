import { defineEntraCheck } from '../define-check';
import { enabledPolicies, requiresMfa, targetsAllApps, targetsAllUsers, tenantAffected } from '../entra-helpers';
import { found } from '../types';

/** CHECKS.md §3 E1 (ScubaGear MS.AAD.3.2v2): no security defaults and no enabled CA policy demands MFA for all users. */
export const entraMfaNotEnforced = defineEntraCheck({
  slug: 'entra-mfa-not-enforced',
  title: 'Multi-Faktor-Authentifizierung nicht für alle Benutzer erzwungen',
  description:
    'Die Sicherheitsstandards sind aus und keine aktive Richtlinie für bedingten Zugriff verlangt für alle Benutzer und alle Cloud-Apps eine Multi-Faktor-Authentifizierung.',
  whyItMatters:
    'Ohne MFA genügt ein erratenes, gephishtes oder geleaktes Passwort für den Zugriff auf Microsoft 365. MFA verhindert laut Microsoft über 99 % der automatisierten Kontoübernahmen.',
  remediation: [
    'Erstellen Sie eine Richtlinie für bedingten Zugriff: alle Benutzer, alle Cloud-Apps, Zugriff nur mit Multi-Faktor-Authentifizierung gewähren.',
    'Ohne Entra ID P1: Aktivieren Sie die Sicherheitsstandards.',
  ],
  category: 'entra',
  criticality: 'critical',
  scoreImpact: 10,
  directory: 'entra',
  needs: ['securityDefaults', 'conditionalAccessPolicies'],
  emptyWithoutLicense: ['conditionalAccessPolicies'],
  thresholds: [],
  detect(entra) {
    if (entra.securityDefaultsEnabled === true) return found([]);
    if (enabledPolicies(entra).some((policy) => targetsAllUsers(policy) && targetsAllApps(policy) && requiresMfa(policy))) return found([]);
    return found([tenantAffected(entra, 'Sicherheitsstandards aus und keine aktive Richtlinie, die MFA für alle Benutzer verlangt')]);
  },
});
