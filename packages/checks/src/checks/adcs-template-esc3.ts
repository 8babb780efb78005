import { EKU, allowsAuthentication, isAnyPurpose, isOutcome, openEnrollment, templateObject, templatesOf } from '../adcs';
import { defineCheck } from '../define-check';
import { type AffectedObject, found } from '../types';

/**
 * CHECKS.md §3 #43 (ESC3): every account may become an enrolment agent (Certificate Request Agent EKU), and templates
 * of schema 2+ accept requests on behalf of others signed with that policy. The second kind is listed only when an
 * agent template exists: only then the chain is complete.
 */
export const adcsTemplateEsc3 = defineCheck({
  slug: 'adcs-template-esc3',
  title: 'Registrierungs-Agent für alle Konten (ESC3)',
  description:
    'Eine veröffentlichte Zertifikatvorlage mit dem Verwendungszweck „Zertifikatanforderungs-Agent“ wird ohne Genehmigung ausgestellt und jeder Benutzer oder Computer der Domäne darf sie anfordern. Dazu werden die Anmeldevorlagen genannt, die Anforderungen im Namen anderer Konten mit dieser Anwendungsrichtlinie annehmen.',
  whyItMatters:
    'Mit einem Agent-Zertifikat fordert ein gewöhnliches Konto Zertifikate im Namen beliebiger anderer Konten an, auch im Namen eines Domänen-Admins, und meldet sich damit als dieser an (ESC3). Vorlagen der Schemaversion 1 wie „Benutzer“ nehmen solche Anforderungen ohne weitere Bedingung an.',
  remediation: [
    'Beschränken Sie das Recht „Registrieren“ der Agent-Vorlage auf die wenigen Mitarbeiter, die Smartcards ausgeben, oder verlangen Sie die Genehmigung durch den Zertifikat-Manager.',
    'Legen Sie auf der Zertifizierungsstelle unter „Registrierungs-Agents“ fest, welche Agents für welche Vorlagen und Konten anfordern dürfen.',
    'Nehmen Sie nicht benötigte Agent-Vorlagen von der Zertifizierungsstelle.',
  ],
  category: 'certificate-services',
  criticality: 'high',
  scoreImpact: 10,
  directory: 'ad',
  thresholds: [],
  detect(snapshot, _settings, index) {
    const templates = templatesOf(snapshot);
    if (isOutcome(templates)) return templates;
    const affected: AffectedObject[] = [];
    for (const template of templates) {
      // Any-purpose templates are agents too, but ESC2 reports them.
      if (isAnyPurpose(template) || !template.extendedKeyUsages.includes(EKU.CERTIFICATE_REQUEST_AGENT)) continue;
      const enrollees = openEnrollment(template, index);
      if (enrollees.length === 0) continue;
      affected.push(templateObject(template, `Zertifikatanforderungs-Agent, ohne Genehmigung; registrieren dürfen: ${enrollees.join(', ')}`, 'agent'));
    }
    if (affected.length === 0) return found([]);
    for (const template of templates) {
      const onBehalf = (template.schemaVersion ?? 1) >= 2 && template.raSignature >= 1 && template.raApplicationPolicies.includes(EKU.CERTIFICATE_REQUEST_AGENT);
      if (!onBehalf || !template.published || (template.enrollmentFlag & 0x2) !== 0 || !allowsAuthentication(template)) continue;
      const enrollees = openEnrollment({ ...template, raSignature: 0 }, index);
      if (enrollees.length === 0) continue;
      affected.push(
        templateObject(template, `Anmeldevorlage nimmt Anforderungen im Namen anderer mit Agent-Signatur an; registrieren dürfen: ${enrollees.join(', ')}`, 'on-behalf'),
      );
    }
    return found(affected);
  },
});
