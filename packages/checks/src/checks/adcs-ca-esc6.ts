import { EDITF_ATTRIBUTESUBJECTALTNAME2, authoritiesOf, authorityObject, isOutcome } from '../adcs';
import { defineCheck } from '../define-check';
import { type AffectedObject, found, skipped } from '../types';

/** ESC6: EDITF_ATTRIBUTESUBJECTALTNAME2 lets every request name any account in the SAN, on every template. */
export const adcsCaEsc6 = defineCheck({
  slug: 'adcs-ca-esc6',
  title: 'Zertifizierungsstelle übernimmt alternative Namen aus der Anforderung (ESC6)',
  description:
    'Auf einer Zertifizierungsstelle ist das Flag EDITF_ATTRIBUTESUBJECTALTNAME2 gesetzt: Sie übernimmt einen alternativen Antragstellernamen (SAN) aus den Attributen jeder Anforderung, bei jeder Vorlage.',
  whyItMatters:
    'Damit wird jede Anmeldevorlage, die gewöhnliche Konten anfordern dürfen (etwa „Benutzer“), zu ESC1: Ein Angreifer trägt den UPN eines Domänen-Admins als SAN ein und meldet sich als dieser an.',
  remediation: [
    'Entfernen Sie das Flag: certutil -config "<CA>" -setreg policy\\EditFlags -EDITF_ATTRIBUTESUBJECTALTNAME2 und starten Sie den Zertifikatdienst neu (net stop certsvc && net start certsvc).',
    'Installieren Sie die Updates vom Mai 2022 (KB5014754) und setzen Sie die starke Zertifikatzuordnung auf den Domänencontrollern durch.',
  ],
  category: 'certificate-services',
  criticality: 'critical',
  scoreImpact: 12,
  directory: 'ad',
  thresholds: [],
  detect(snapshot) {
    const authorities = authoritiesOf(snapshot);
    if (isOutcome(authorities)) return authorities;
    const affected: AffectedObject[] = [];
    const unknown: string[] = [];
    for (const authority of authorities) {
      if (authority.editFlags === null) unknown.push(authority.name);
      else if (authority.editFlags & EDITF_ATTRIBUTESUBJECTALTNAME2) {
        affected.push(authorityObject(authority, `EditFlags 0x${authority.editFlags.toString(16)}: EDITF_ATTRIBUTESUBJECTALTNAME2 gesetzt`));
      }
    }
    if (affected.length === 0 && unknown.length > 0) {
      return skipped(
        `Nicht geprüft: Die EditFlags der Zertifizierungsstelle (${unknown.join(', ')}) stehen in deren Registrierung, nicht im Active Directory; der Collector liest sie nicht. Prüfen Sie auf der Zertifizierungsstelle mit certutil -getreg policy\\EditFlags.`,
      );
    }
    return found(affected);
  },
});
