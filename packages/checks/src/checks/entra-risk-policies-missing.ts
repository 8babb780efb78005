import { defineEntraCheck } from '../define-check';
import { enabledPolicies, grants, requiresMfa, targetsAllUsers, tenantAffected } from '../entra-helpers';
import { found, skipped } from '../types';

/** CHECKS.md §3 E13 (ScubaGear MS.AAD.2.1/2.3): with P2, no enabled CA policy acts on high user risk or high sign-in risk. */
export const entraRiskPoliciesMissing = defineEntraCheck({
  slug: 'entra-risk-policies-missing',
  title: 'Keine risikobasierten Richtlinien für bedingten Zugriff',
  description:
    'Der Mandant hat Entra ID P2, aber keine aktive Richtlinie für bedingten Zugriff blockiert Anmeldungen bei hohem Benutzerrisiko oder verlangt bei hohem Anmelderisiko eine zusätzliche Prüfung.',
  whyItMatters:
    'Identity Protection erkennt geleakte Passwörter, unmögliche Reisen und Token-Diebstahl. Ohne Richtlinie bleibt diese Erkennung folgenlos, und der Angreifer meldet sich trotzdem an.',
  remediation: ['Erstellen Sie eine Richtlinie „Benutzerrisiko hoch → blockieren (oder sichere Kennwortänderung)“.', 'Erstellen Sie eine Richtlinie „Anmelderisiko hoch → blockieren oder MFA verlangen“.'],
  category: 'entra',
  criticality: 'medium',
  scoreImpact: 3,
  directory: 'entra',
  needs: ['conditionalAccessPolicies'],
  thresholds: [],
  detect(entra) {
    if (entra.plan !== 'P2') return skipped('Nicht geprüft: risikobasierter bedingter Zugriff erfordert Entra ID P2.');
    const acting = enabledPolicies(entra).filter((policy) => targetsAllUsers(policy) && (grants(policy, 'block') || requiresMfa(policy) || grants(policy, 'passwordChange')));
    const missing: string[] = [];
    if (!acting.some((policy) => policy.conditions.userRiskLevels?.includes('high'))) missing.push('hohes Benutzerrisiko');
    if (!acting.some((policy) => policy.conditions.signInRiskLevels?.includes('high'))) missing.push('hohes Anmelderisiko');
    return found(missing.length === 0 ? [] : [tenantAffected(entra, `Keine aktive Richtlinie für: ${missing.join(', ')}`)]);
  },
});
