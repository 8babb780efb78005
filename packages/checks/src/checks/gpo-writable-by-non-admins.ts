import { gpoObject } from '../affected';
import { takeoverRights, tier0Trustees } from '../acl';
import { defineCheck } from '../define-check';
import { type AffectedObject, found } from '../types';

/** CHECKS.md §3 #28: the ACL of a GPO object lets a non-Tier-0 principal change it (or owns it). */
export const gpoWritableByNonAdmins = defineCheck({
  slug: 'gpo-writable-by-non-admins',
  title: 'Gruppenrichtlinie durch Nicht-Administratoren änderbar',
  description: 'Ein Konto oder eine Gruppe außerhalb von Tier 0 darf ein Gruppenrichtlinienobjekt ändern, seine Berechtigungen ändern oder ist sein Besitzer.',
  whyItMatters:
    'Wer eine GPO ändern darf, führt Code auf allen Computern aus, für die sie gilt, etwa über eine geplante Aufgabe. Ist die GPO mit der Domäne oder den Domänencontrollern verknüpft, ist das die Domänenübernahme.',
  remediation: [
    'Entfernen Sie in der Gruppenrichtlinienverwaltung unter „Delegierung“ die Bearbeitungsrechte des Kontos.',
    'Setzen Sie den Besitzer des GPO-Objekts auf „Domänen-Admins“.',
  ],
  category: 'group-policy',
  criticality: 'high',
  scoreImpact: 8,
  directory: 'ad',
  thresholds: [],
  detect(snapshot, _settings, index) {
    const allowed = tier0Trustees(index);
    const affected: AffectedObject[] = [];
    for (const gpo of snapshot.gpos) {
      const descriptor = gpo.securityDescriptor;
      if (!descriptor) continue;
      const byTrustee = new Map<string, Set<string>>();
      if (descriptor.owner && !allowed.has(descriptor.owner)) byTrustee.set(descriptor.owner, new Set(['Besitzer']));
      for (const ace of descriptor.aces) {
        if (allowed.has(ace.trustee)) continue;
        const rights = takeoverRights(ace);
        if (rights.length === 0) continue;
        const set = byTrustee.get(ace.trustee) ?? new Set<string>();
        for (const granted of rights) set.add(granted);
        byTrustee.set(ace.trustee, set);
      }
      for (const [trustee, rights] of byTrustee) {
        affected.push(gpoObject(gpo, `${index.nameOfSid(trustee)}: ${[...rights].join(', ')}`, trustee));
      }
    }
    return found(affected);
  },
});
