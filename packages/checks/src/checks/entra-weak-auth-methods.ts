import { defineEntraCheck } from '../define-check';
import { tenantAffected } from '../entra-helpers';
import { found } from '../types';

const WEAK_METHODS: Record<string, string> = { Sms: 'SMS', Voice: 'Sprachanruf', Email: 'E-Mail-Einmalcode' };

/** CHECKS.md §3 E11 (ScubaGear MS.AAD.3.5v2): SMS, voice or e-mail OTP are enabled authentication methods. */
export const entraWeakAuthMethods = defineEntraCheck({
  slug: 'entra-weak-auth-methods',
  title: 'Schwache Authentifizierungsmethoden aktiviert',
  description: 'Die Richtlinie für Authentifizierungsmethoden erlaubt SMS, Sprachanruf oder E-Mail-Einmalcode als Anmeldemethode.',
  whyItMatters: 'SMS und Anrufe lassen sich per SIM-Swapping und Phishing abfangen, E-Mail-Codes hängen am Postfach, das oft selbst das Ziel ist. Diese Methoden bieten die schwächste Form der MFA.',
  remediation: ['Deaktivieren Sie SMS, Sprachanruf und E-Mail-Einmalcode in den Authentifizierungsmethoden.', 'Führen Sie Microsoft Authenticator, FIDO2-Schlüssel oder Windows Hello ein.'],
  category: 'entra',
  criticality: 'medium',
  scoreImpact: 3,
  directory: 'entra',
  needs: ['authenticationMethodsPolicy'],
  thresholds: [],
  detect(entra) {
    const enabled = (entra.authenticationMethodsPolicy?.authenticationMethodConfigurations ?? [])
      .filter((method) => method.state === 'enabled' && WEAK_METHODS[method.id])
      .map((method) => WEAK_METHODS[method.id]);
    return found(enabled.length === 0 ? [] : [tenantAffected(entra, `Aktiviert: ${enabled.join(', ')}`)]);
  },
});
