import type { Ace } from '@burgwall/shared';
import { isOutcome, templateObject, templatesOf } from '../adcs';
import { RIGHTS, isAllow, isTier0Trustee } from '../acl';
import { defineCheck } from '../define-check';
import { type AffectedObject, found } from '../types';

const INHERIT_ONLY_ACE = 0x8;

/** The rights on a template that let a trustee rewrite it (any property of a template is security-relevant). */
function templateWriteRights(ace: Ace): string[] {
  if (!isAllow(ace) || (ace.flags & INHERIT_ONLY_ACE) !== 0) return [];
  const rights: string[] = [];
  if (ace.accessMask & RIGHTS.GENERIC_ALL) rights.push('Vollzugriff (GenericAll)');
  if (ace.accessMask & RIGHTS.GENERIC_WRITE) rights.push('GenericWrite');
  if (ace.accessMask & RIGHTS.WRITE_DACL) rights.push('Berechtigungen ändern (WriteDacl)');
  if (ace.accessMask & RIGHTS.WRITE_OWNER) rights.push('Besitz übernehmen (WriteOwner)');
  if (ace.accessMask & RIGHTS.WRITE_PROPERTY) rights.push(ace.objectType === null ? 'Alle Eigenschaften schreiben' : 'Eigenschaft schreiben');
  return rights;
}

/** ESC4: a non-Tier-0 trustee may change a published template (and so turn it into ESC1) or owns it. */
export const adcsTemplateEsc4 = defineCheck({
  slug: 'adcs-template-esc4',
  title: 'Zertifikatvorlage durch Nicht-Administratoren änderbar (ESC4)',
  description:
    'Ein Konto oder eine Gruppe außerhalb von Tier 0 hat auf einer veröffentlichten Zertifikatvorlage Vollzugriff, Schreibrechte, darf ihre Berechtigungen oder ihren Besitzer ändern oder ist ihr Besitzer.',
  whyItMatters:
    'Wer eine Vorlage ändern darf, schaltet den frei wählbaren Antragsteller ein, gibt sich das Registrierungsrecht und fordert ein Zertifikat auf den Namen eines Domänen-Admins an (ESC4 → ESC1). Danach kann er die Vorlage wieder zurücksetzen.',
  remediation: [
    'Entfernen Sie in der Konsole „Zertifikatvorlagen“ (certtmpl.msc) → Eigenschaften → Sicherheit die Schreib- und Vollzugriffsrechte des Kontos.',
    'Setzen Sie den Besitzer der Vorlage auf „Organisations-Admins“ oder „Domänen-Admins“.',
  ],
  category: 'certificate-services',
  criticality: 'critical',
  scoreImpact: 12,
  directory: 'ad',
  thresholds: [],
  detect(snapshot, _settings, index) {
    const templates = templatesOf(snapshot);
    if (isOutcome(templates)) return templates;
    const affected: AffectedObject[] = [];
    for (const template of templates) {
      const descriptor = template.securityDescriptor;
      if (!template.published || !descriptor) continue;
      const byTrustee = new Map<string, Set<string>>();
      if (descriptor.owner && !isTier0Trustee(descriptor.owner, index)) byTrustee.set(descriptor.owner, new Set(['Besitzer']));
      for (const ace of descriptor.aces) {
        const rights = templateWriteRights(ace);
        if (rights.length === 0 || isTier0Trustee(ace.trustee, index)) continue;
        const set = byTrustee.get(ace.trustee) ?? new Set<string>();
        for (const right of rights) set.add(right);
        byTrustee.set(ace.trustee, set);
      }
      for (const [trustee, rights] of byTrustee) {
        affected.push(templateObject(template, `${index.nameOfSid(trustee)}: ${[...rights].join(', ')}`, trustee));
      }
    }
    return found(affected);
  },
});
