import { defineCheck } from '../define-check';
import { found, skipped } from '../types';

export const NO_ENTRA_DATA = 'Keine Entra-ID-Daten vorhanden (Entra ID nicht verbunden)';

/** CHECKS.md §2.2 #10: neither security defaults nor an enabled CA policy blocks legacy authentication. */
export const entraLegacyAuthenticationAllowed = defineCheck({
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
  thresholds: [],
  detect(snapshot) {
    const entra = snapshot.entra;
    if (!entra) return skipped(NO_ENTRA_DATA);
    if (entra.legacyAuthenticationBlocked || entra.securityDefaultsEnabled) return found([]);
    return found([
      {
        objectKey: entra.tenantId,
        objectType: 'entra-tenant',
        name: `Mandant ${entra.tenantId}`,
        distinguishedName: null,
        evidence: 'Sicherheitsstandards aus und keine aktive Blockierrichtlinie für Legacy-Authentifizierung',
      },
    ]);
  },
});
