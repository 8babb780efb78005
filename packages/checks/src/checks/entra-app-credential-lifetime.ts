import type { EntraCredential } from '@burgwall/shared';
import { defineEntraCheck } from '../define-check';
import { daysSince, germanDate } from '../entra-helpers';
import { type AffectedObject, found, threshold } from '../types';

const DAY_MS = 86_400_000;

/** App registrations and own service principals with expired credentials or secrets/certificates valid longer than the threshold. */
export const entraAppCredentialLifetime = defineEntraCheck({
  slug: 'entra-app-credential-lifetime',
  title: 'App-Anmeldeinformationen abgelaufen oder zu lange gültig',
  description:
    'Eine App-Registrierung oder ein Dienstprinzipal hat ein Geheimnis oder Zertifikat, das abgelaufen ist oder länger als die eingestellte Anzahl Jahre gültig ist.',
  whyItMatters:
    'Langlebige App-Geheimnisse sind Hintertüren, die Passwortwechsel und MFA überdauern. Abgelaufene Einträge zeigen eine ungepflegte App, deren Berechtigungen oft niemand mehr kennt.',
  remediation: ['Entfernen Sie abgelaufene Geheimnisse und Zertifikate.', 'Ersetzen Sie Geheimnisse durch Zertifikate oder verwaltete Identitäten und begrenzen Sie die Gültigkeit auf höchstens zwei Jahre.'],
  category: 'entra',
  criticality: 'medium',
  scoreImpact: 3,
  directory: 'entra',
  needs: ['applications', 'servicePrincipals'],
  thresholds: [{ key: 'maxYears', label: 'Höchste Gültigkeitsdauer', unit: 'Jahre', default: 2, min: 1, max: 10 }],
  detect(entra, settings) {
    const maxDays = threshold(this, settings, 'maxYears') * 365 + 1;
    const problems = (credentials: readonly EntraCredential[]): string[] =>
      credentials.flatMap((credential) => {
        if (!credential.endDateTime) return [];
        const kind = 'type' in credential ? 'Zertifikat' : 'Geheimnis';
        const label = `${kind}${credential.displayName ? ` „${credential.displayName}“` : ''}`;
        const overdue = daysSince(entra, credential.endDateTime);
        if (overdue !== null && overdue > 0) return [`${label} abgelaufen am ${germanDate(credential.endDateTime)}`];
        const start = credential.startDateTime ? Date.parse(credential.startDateTime) : Number.NaN;
        const lifetime = (Date.parse(credential.endDateTime) - start) / DAY_MS;
        return lifetime > maxDays ? [`${label} gültig bis ${germanDate(credential.endDateTime)} (${Math.round(lifetime / 365)} Jahre)`] : [];
      });
    const affected: AffectedObject[] = [];
    for (const app of entra.applications) {
      const found = problems([...app.passwordCredentials, ...app.keyCredentials]);
      if (found.length > 0) affected.push({ objectKey: app.id, objectType: 'entra-application', name: app.displayName ?? app.appId, distinguishedName: null, evidence: found.join('; ') });
    }
    for (const principal of entra.servicePrincipals) {
      if (principal.appOwnerOrganizationId !== entra.tenantId) continue;
      const found = problems([...principal.passwordCredentials, ...principal.keyCredentials]);
      if (found.length > 0) affected.push({ objectKey: principal.id, objectType: 'entra-service-principal', name: principal.displayName ?? principal.appId, distinguishedName: null, evidence: found.join('; ') });
    }
    return found(affected);
  },
});
