import { allowsAuthentication, isOutcome, openEnrollment, suppliesSubject, templateObject, templatesOf } from '../adcs';
import { defineCheck } from '../define-check';
import { type AffectedObject, found } from '../types';

/** CHECKS.md §3 #42 (ESC1): the requester names the subject of an authentication certificate, anyone may request it. */
export const adcsTemplateEsc1 = defineCheck({
  slug: 'adcs-template-esc1',
  title: 'Zertifikatvorlage erlaubt frei gewählten Antragsteller (ESC1)',
  description:
    'Eine veröffentlichte Zertifikatvorlage lässt den Antragsteller den Namen im Zertifikat selbst angeben, ist für die Anmeldung geeignet (Clientauthentifizierung, Smartcard-Anmeldung, beliebiger Zweck oder kein EKU), wird ohne Genehmigung ausgestellt und jeder Benutzer oder Computer der Domäne darf sie anfordern.',
  whyItMatters:
    'Jedes Domänenkonto kann damit ein Zertifikat auf den Namen eines Domänen-Admins anfordern und sich per PKINIT als dieser anmelden. Das ist eine Domänenübernahme in einem Schritt (ESC1, „Certified Pre-Owned“), die keine Kennwortänderung hinterlässt.',
  remediation: [
    'Entfernen Sie in der Vorlage unter „Antragstellername“ die Option „Informationen werden in der Anforderung angegeben“ und lassen Sie den Namen aus Active Directory erstellen.',
    'Beschränken Sie das Recht „Registrieren“ auf die Gruppe, die die Vorlage wirklich braucht, statt Domänen-Benutzer oder Authentifizierte Benutzer.',
    'Wenn der frei gewählte Name nötig ist: aktivieren Sie unter „Ausstellungsvoraussetzungen“ die Genehmigung durch den Zertifikat-Manager.',
  ],
  category: 'certificate-services',
  criticality: 'critical',
  scoreImpact: 15,
  directory: 'ad',
  thresholds: [],
  detect(snapshot, _settings, index) {
    const templates = templatesOf(snapshot);
    if (isOutcome(templates)) return templates;
    const affected: AffectedObject[] = [];
    for (const template of templates) {
      if (!suppliesSubject(template) || !allowsAuthentication(template)) continue;
      const enrollees = openEnrollment(template, index);
      if (enrollees.length === 0) continue;
      affected.push(templateObject(template, `Antragsteller frei wählbar, Anmeldung möglich, ohne Genehmigung; registrieren dürfen: ${enrollees.join(', ')}`));
    }
    return found(affected);
  },
});
