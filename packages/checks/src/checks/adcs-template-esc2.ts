import { isAnyPurpose, isOutcome, openEnrollment, templateObject, templatesOf } from '../adcs';
import { defineCheck } from '../define-check';
import { type AffectedObject, found } from '../types';

/** CHECKS.md §3 #43 (ESC2): a certificate for any purpose (or without EKU) that every account may request. */
export const adcsTemplateEsc2 = defineCheck({
  slug: 'adcs-template-esc2',
  title: 'Zertifikatvorlage für beliebigen Zweck (ESC2)',
  description:
    'Eine veröffentlichte Zertifikatvorlage stellt Zertifikate für „Beliebiger Zweck“ oder ganz ohne Verwendungszweck (EKU) aus, ohne Genehmigung, und jeder Benutzer oder Computer der Domäne darf sie anfordern.',
  whyItMatters:
    'Ein solches Zertifikat taugt für die Anmeldung, als Registrierungs-Agent (Zertifikate im Namen anderer Konten anfordern) und ohne EKU sogar als untergeordnete Zertifizierungsstelle. Jedes Domänenkonto erhält damit ein Werkzeug, das zur Domänenübernahme führen kann.',
  remediation: [
    'Ersetzen Sie in der Vorlage unter „Erweiterungen → Anwendungsrichtlinien“ den Zweck „Beliebiger Zweck“ durch die wirklich benötigten Zwecke.',
    'Beschränken Sie das Recht „Registrieren“ auf die Gruppe, die die Vorlage braucht, oder verlangen Sie die Genehmigung durch den Zertifikat-Manager.',
    'Nehmen Sie nicht benötigte Vorlagen von der Zertifizierungsstelle (Zertifikatvorlagen → Löschen).',
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
      if (!isAnyPurpose(template)) continue;
      const enrollees = openEnrollment(template, index);
      if (enrollees.length === 0) continue;
      const purpose = template.extendedKeyUsages.length === 0 ? 'kein Verwendungszweck (EKU) festgelegt' : 'Verwendungszweck „Beliebiger Zweck“';
      affected.push(templateObject(template, `${purpose}, ohne Genehmigung; registrieren dürfen: ${enrollees.join(', ')}`));
    }
    return found(affected);
  },
});
