import { defineEntraCheck } from '../define-check';
import { enabledPolicies, grants, targetsAllUsers, tenantAffected } from '../entra-helpers';
import { found } from '../types';

/** CHECKS.md §3 E10 (ScubaGear MS.AAD.3.9v1): no enabled CA policy blocks the device code flow. */
export const entraDeviceCodeFlowAllowed = defineEntraCheck({
  slug: 'entra-device-code-flow-allowed',
  title: 'Gerätecode-Anmeldung nicht blockiert',
  description: 'Keine aktive Richtlinie für bedingten Zugriff blockiert den Authentifizierungsfluss „Gerätecodefluss“ für alle Benutzer.',
  whyItMatters:
    'Beim Device-Code-Phishing gibt das Opfer auf der echten Microsoft-Seite einen Code des Angreifers ein und meldet damit dessen Sitzung an, MFA inklusive. Kaum ein Unternehmen braucht diesen Fluss.',
  remediation: ['Erstellen Sie eine Richtlinie für bedingten Zugriff: alle Benutzer, alle Cloud-Apps, Authentifizierungsflüsse „Gerätecodefluss“, Zugriff blockieren.'],
  category: 'entra',
  criticality: 'medium',
  scoreImpact: 3,
  directory: 'entra',
  needs: ['conditionalAccessPolicies'],
  emptyWithoutLicense: ['conditionalAccessPolicies'],
  thresholds: [],
  detect(entra) {
    const blocked = enabledPolicies(entra).some(
      (policy) => targetsAllUsers(policy) && grants(policy, 'block') && (policy.conditions.authenticationFlows?.transferMethods ?? '').split(',').includes('deviceCodeFlow'),
    );
    return found(blocked ? [] : [tenantAffected(entra, 'Keine aktive Richtlinie blockiert den Gerätecodefluss')]);
  },
});
