import { allowsAuthentication, isOutcome, openEnrollment, templateObject, templatesOf } from '../adcs';
import { defineCheck } from '../define-check';
import { type AffectedObject, found, skipped } from '../types';

/** ESC13: a template's issuance policy is linked to a group (msDS-OIDToGroupLink): the certificate grants its rights. */
export const adcsTemplateEsc13 = defineCheck({
  slug: 'adcs-template-esc13',
  title: 'Ausstellungsrichtlinie mit Gruppenverknüpfung (ESC13)',
  description:
    'Eine veröffentlichte, für die Anmeldung geeignete Zertifikatvorlage trägt eine Ausstellungsrichtlinie, die über msDS-OIDToGroupLink mit einer Gruppe verknüpft ist, wird ohne Genehmigung ausgestellt und jeder Benutzer oder Computer der Domäne darf sie anfordern.',
  whyItMatters:
    'Wer sich mit einem solchen Zertifikat anmeldet, erhält im Kerberos-Ticket die Rechte der verknüpften Gruppe, ohne ihr Mitglied zu sein. Jedes Domänenkonto bekommt so die Rechte dieser Gruppe, unsichtbar für jede Mitgliederprüfung (ESC13).',
  remediation: [
    'Entfernen Sie die Gruppenverknüpfung (msDS-OIDToGroupLink) der Ausstellungsrichtlinie oder die Richtlinie aus der Vorlage.',
    'Beschränken Sie das Recht „Registrieren“ der Vorlage auf die Konten, die die Rechte der Gruppe wirklich haben sollen.',
  ],
  category: 'certificate-services',
  criticality: 'high',
  scoreImpact: 10,
  directory: 'ad',
  thresholds: [],
  detect(snapshot, _settings, index) {
    const templates = templatesOf(snapshot);
    if (isOutcome(templates)) return templates;
    if (!snapshot.issuancePolicies) {
      return skipped(
        'Nicht geprüft: Der Snapshot enthält keine Ausstellungsrichtlinien (msDS-OIDToGroupLink) (Collector-Version ohne diese Erfassung). Aktualisieren Sie den Collector.',
      );
    }
    const linked = new Map(snapshot.issuancePolicies.filter((policy) => policy.groupLink).map((policy) => [policy.oid, policy]));
    const affected: AffectedObject[] = [];
    for (const template of templates) {
      if (!allowsAuthentication(template)) continue;
      const policies = template.issuancePolicies.flatMap((oid) => linked.get(oid) ?? []);
      if (policies.length === 0) continue;
      const enrollees = openEnrollment(template, index);
      if (enrollees.length === 0) continue;
      const groups = policies.map((policy) => {
        const entry = index.byDn(policy.groupLink ?? '');
        return `${policy.displayName ?? policy.oid} → ${entry ? entry.object.sAMAccountName : (policy.groupLink ?? '')}`;
      });
      affected.push(templateObject(template, `Ausstellungsrichtlinie mit Gruppe: ${groups.join(', ')}; registrieren dürfen: ${enrollees.join(', ')}`));
    }
    return found(affected);
  },
});
