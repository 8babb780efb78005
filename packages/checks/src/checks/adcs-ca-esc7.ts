import { CA_RIGHTS, authoritiesOf, authorityObject, isOutcome } from '../adcs';
import { isAllow, isTier0Trustee } from '../acl';
import { defineCheck } from '../define-check';
import { type AffectedObject, found, skipped } from '../types';

/** ESC7: a non-Tier-0 trustee holds ManageCA or ManageCertificates on a CA. */
export const adcsCaEsc7 = defineCheck({
  slug: 'adcs-ca-esc7',
  title: 'Verwaltungsrechte auf der Zertifizierungsstelle für Nicht-Administratoren (ESC7)',
  description:
    'Ein Konto oder eine Gruppe außerhalb von Tier 0 hat auf einer Zertifizierungsstelle das Recht „Zertifizierungsstelle verwalten“ (ManageCA) oder „Zertifikate verwalten“ (ManageCertificates).',
  whyItMatters:
    'Mit ManageCA schaltet ein Angreifer EDITF_ATTRIBUTESUBJECTALTNAME2 ein oder veröffentlicht beliebige Vorlagen; mit ManageCertificates genehmigt er eigene, zurückgehaltene Anforderungen, etwa ein Zertifikat auf den Namen eines Domänen-Admins (ESC7).',
  remediation: [
    'Entfernen Sie in der Konsole „Zertifizierungsstelle“ (certsrv.msc) → Eigenschaften → Sicherheit die Rechte „Zertifizierungsstelle verwalten“ und „Zertifikate verwalten“ des Kontos.',
    'Vergeben Sie diese Rechte nur an Tier-0-Administratoren der PKI.',
  ],
  category: 'certificate-services',
  criticality: 'critical',
  scoreImpact: 12,
  directory: 'ad',
  thresholds: [],
  detect(snapshot, _settings, index) {
    const authorities = authoritiesOf(snapshot);
    if (isOutcome(authorities)) return authorities;
    const affected: AffectedObject[] = [];
    const unknown: string[] = [];
    for (const authority of authorities) {
      if (!authority.caSecurity) {
        unknown.push(authority.name);
        continue;
      }
      const byTrustee = new Map<string, Set<string>>();
      for (const ace of authority.caSecurity.aces) {
        if (!isAllow(ace) || isTier0Trustee(ace.trustee, index)) continue;
        const rights = byTrustee.get(ace.trustee) ?? new Set<string>();
        if (ace.accessMask & CA_RIGHTS.MANAGE_CA) rights.add('Zertifizierungsstelle verwalten (ManageCA)');
        if (ace.accessMask & CA_RIGHTS.MANAGE_CERTIFICATES) rights.add('Zertifikate verwalten (ManageCertificates)');
        if (rights.size > 0) byTrustee.set(ace.trustee, rights);
      }
      for (const [trustee, rights] of byTrustee) {
        affected.push(authorityObject(authority, `${index.nameOfSid(trustee)}: ${[...rights].join(', ')}`, trustee));
      }
    }
    if (affected.length === 0 && unknown.length > 0) {
      return skipped(
        `Nicht geprüft: Die Berechtigungen der Zertifizierungsstelle (${unknown.join(', ')}) stehen in deren Konfiguration, nicht im Active Directory; der Collector liest sie nicht. Prüfen Sie sie in certsrv.msc unter Eigenschaften → Sicherheit.`,
      );
    }
    return found(affected);
  },
});
