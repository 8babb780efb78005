import { defineEntraCheck } from '../define-check';
import { enabledPolicies, grants, targetsAllApps, targetsAllUsers, tenantAffected } from '../entra-helpers';
import { found } from '../types';

/** CHECKS.md §2.2 #10 (ScubaGear MS.AAD.1.1v1): neither security defaults nor an enabled CA policy blocks legacy authentication. */
export const entraLegacyAuthenticationAllowed = defineEntraCheck({
  slug: 'entra-legacy-authentication-allowed',
  title: 'Legacy-Authentifizierung in Entra ID nicht blockiert',
  description:
    'Weder die Sicherheitsstandards noch eine aktive Richtlinie für bedingten Zugriff blockieren die Legacy-Authentifizierung (z. B. IMAP, POP, SMTP AUTH, Exchange ActiveSync) für alle Benutzer.',
  whyItMatters:
    'Legacy-Protokolle unterstützen keine Multi-Faktor-Authentifizierung. Password-Spraying-Angriffe auf Microsoft 365 laufen fast ausschließlich über diese Protokolle.',
  remediation: [
    'Erstellen Sie eine Richtlinie für bedingten Zugriff: alle Benutzer, alle Cloud-Apps, Client-Apps „Exchange ActiveSync“ und „Andere Clients“, Zugriff blockieren.',
    'Alternativ (ohne Entra ID P1): Aktivieren Sie die Sicherheitsstandards.',
    'Schließen Sie höchstens die Notfallzugriffskonten aus.',
  ],
  category: 'entra',
  criticality: 'high',
  scoreImpact: 8,
  directory: 'entra',
  needs: ['securityDefaults', 'conditionalAccessPolicies'],
  emptyWithoutLicense: ['conditionalAccessPolicies'],
  thresholds: [],
  detect(entra) {
    if (entra.securityDefaultsEnabled === true) return found([]);
    const blocking = enabledPolicies(entra).some(
      (policy) =>
        targetsAllUsers(policy) &&
        targetsAllApps(policy) &&
        ['exchangeActiveSync', 'other'].every((type) => policy.conditions.clientAppTypes.includes(type)) &&
        grants(policy, 'block'),
    );
    if (blocking) return found([]);
    return found([tenantAffected(entra, 'Sicherheitsstandards aus und keine aktive Richtlinie, die Legacy-Authentifizierung für alle Benutzer blockiert')]);
  },
});
