import { isOutcome, openEnrollment, suppliesSubject, templateObject, templatesOf } from '../adcs';
import { defineCheck } from '../define-check';
import { type AffectedObject, found } from '../types';

/** ESC15 / EKUwu (CVE-2024-49019): a schema-1 template with enrollee-supplied subject accepts any application policy. */
export const adcsTemplateEsc15 = defineCheck({
  slug: 'adcs-template-esc15',
  title: 'Vorlage der Schemaversion 1 mit frei gewähltem Antragsteller (ESC15)',
  description:
    'Eine veröffentlichte Zertifikatvorlage der Schemaversion 1 lässt den Antragsteller den Namen im Zertifikat selbst angeben, wird ohne Genehmigung ausgestellt und jeder Benutzer oder Computer der Domäne darf sie anfordern.',
  whyItMatters:
    'Bei Vorlagen der Schemaversion 1 übernimmt eine nicht gepatchte Zertifizierungsstelle Anwendungsrichtlinien aus der Anforderung (EKUwu, CVE-2024-49019). Ein Angreifer fordert so ein Anmeldezertifikat auf den Namen eines Domänen-Admins an, auch wenn die Vorlage eigentlich nur für Webserver gedacht ist.',
  remediation: [
    'Installieren Sie auf allen Zertifizierungsstellen die Sicherheitsupdates vom November 2024 (CVE-2024-49019).',
    'Duplizieren Sie die Vorlage (Schemaversion 2 oder höher) und ersetzen Sie die alte Vorlage auf der Zertifizierungsstelle durch das Duplikat.',
    'Beschränken Sie das Recht „Registrieren“ auf die Konten, die die Vorlage brauchen.',
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
      if (template.schemaVersion !== 1 || !suppliesSubject(template)) continue;
      const enrollees = openEnrollment(template, index);
      if (enrollees.length === 0) continue;
      affected.push(templateObject(template, `Schemaversion 1, Antragsteller frei wählbar, ohne Genehmigung; registrieren dürfen: ${enrollees.join(', ')}`));
    }
    return found(affected);
  },
});
