import { grantsWrite, tier0Trustees } from '../acl';
import { isDefaultAce } from '../default-acl';
import { defineCheck } from '../define-check';
import { type AffectedObject, found } from '../types';

export const adminsdholderAclModified = defineCheck({
  slug: 'adminsdholder-acl-modified',
  title: 'Berechtigungen von AdminSDHolder verändert',
  description: 'Die Zugriffsliste des Objekts „AdminSDHolder“ gewährt einem Konto außerhalb von Tier 0 Schreib- oder Vollzugriff.',
  whyItMatters:
    'Die Berechtigungen von AdminSDHolder werden stündlich auf alle geschützten Administratorkonten und -gruppen kopiert. Ein zusätzlicher Eintrag ist eine klassische, schwer auffindbare Hintertür.',
  remediation: [
    'Entfernen Sie den zusätzlichen Eintrag aus der Zugriffsliste von CN=AdminSDHolder,CN=System.',
    'Prüfen Sie die geschützten Konten auf weitere unerwartete Berechtigungen.',
  ],
  category: 'privileged-accounts',
  criticality: 'critical',
  scoreImpact: 15,
  directory: 'ad',
  thresholds: [],
  detect(snapshot, _settings, index) {
    const allowed = tier0Trustees(index);
    const affected: AffectedObject[] = [];
    const seen = new Set<string>();
    for (const ace of snapshot.adminSdHolder?.aces ?? []) {
      if (!grantsWrite(ace) || allowed.has(ace.trustee) || seen.has(ace.trustee) || isDefaultAce('adminSdHolder', ace, index)) continue;
      seen.add(ace.trustee);
      const principal = index.bySid(ace.trustee);
      affected.push({
        objectKey: principal?.object.objectGuid ?? ace.trustee,
        objectType: principal?.kind ?? 'acl',
        name: index.nameOfSid(ace.trustee),
        distinguishedName: principal?.object.distinguishedName ?? null,
        evidence: `Zugriffsmaske 0x${ace.accessMask.toString(16)} auf AdminSDHolder`,
      });
    }
    return found(affected);
  },
});
