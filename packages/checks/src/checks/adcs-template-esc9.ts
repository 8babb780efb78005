import { NO_SECURITY_EXTENSION, allowsAuthentication, isOutcome, openEnrollment, templateObject, templatesOf } from '../adcs';
import { defineCheck } from '../define-check';
import { type AffectedObject, found } from '../types';

/** ESC9: CT_FLAG_NO_SECURITY_EXTENSION (0x80000) drops the SID extension from an authentication certificate. */
export const adcsTemplateEsc9 = defineCheck({
  slug: 'adcs-template-esc9',
  title: 'Anmeldezertifikat ohne SID-Sicherheitserweiterung (ESC9)',
  description:
    'Eine veröffentlichte, für die Anmeldung geeignete Zertifikatvorlage setzt das Flag CT_FLAG_NO_SECURITY_EXTENSION (0x80000 in msPKI-Enrollment-Flag), wird ohne Genehmigung ausgestellt und jeder Benutzer oder Computer der Domäne darf sie anfordern.',
  whyItMatters:
    'Ohne die SID-Erweiterung ordnet der Domänencontroller das Zertifikat nur über den UPN oder DNS-Namen zu. Wer den UPN eines anderen Kontos ändern darf, setzt ihn auf den eines Admins, fordert ein Zertifikat an und meldet sich als Admin an (ESC9).',
  remediation: [
    'Entfernen Sie das Flag: certutil -dstemplate <Vorlage> msPKI-Enrollment-Flag -0x80000.',
    'Setzen Sie auf allen Domänencontrollern die starke Zertifikatzuordnung durch (StrongCertificateBindingEnforcement = 2).',
    'Beschränken Sie das Recht „Registrieren“ auf die Konten, die die Vorlage brauchen.',
  ],
  category: 'certificate-services',
  criticality: 'high',
  scoreImpact: 8,
  directory: 'ad',
  thresholds: [],
  detect(snapshot, _settings, index) {
    const templates = templatesOf(snapshot);
    if (isOutcome(templates)) return templates;
    const affected: AffectedObject[] = [];
    for (const template of templates) {
      if ((template.enrollmentFlag & NO_SECURITY_EXTENSION) === 0 || !allowsAuthentication(template)) continue;
      const enrollees = openEnrollment(template, index);
      if (enrollees.length === 0) continue;
      affected.push(templateObject(template, `CT_FLAG_NO_SECURITY_EXTENSION gesetzt, Anmeldung möglich, ohne Genehmigung; registrieren dürfen: ${enrollees.join(', ')}`));
    }
    return found(affected);
  },
});
