import { DCSYNC_RIGHTS, RIGHTS, isAllow, tier0Trustees } from '../acl';
import { defineCheck } from '../define-check';
import { type AffectedObject, found, threshold } from '../types';

export const dcsyncRightsNonAdmin = defineCheck({
  slug: 'dcsync-rights-non-admin',
  title: 'DCSync-Rechte für Nicht-Administratoren',
  description: 'Ein Konto oder eine Gruppe außerhalb von Tier 0 hat auf dem Domänenobjekt die Replikationsrechte („Replicating Directory Changes (All)“).',
  whyItMatters:
    'Mit diesen Rechten kann ein Angreifer per DCSync die Kennwort-Hashes aller Konten, auch krbtgt, vom Domänencontroller abrufen, ohne Code auf ihm auszuführen.',
  remediation: [
    'Entfernen Sie die Replikationsrechte des Kontos auf dem Domänenstammobjekt (ADSI-Editor → Eigenschaften → Sicherheit).',
    'Prüfen Sie, seit wann und von wem die Berechtigung gesetzt wurde.',
  ],
  category: 'privileged-accounts',
  criticality: 'critical',
  scoreImpact: 15,
  directory: 'ad',
  thresholds: [{ key: 'allowEntraConnect', label: 'Entra-Connect-Konten (MSOL_) zulassen (1 = ja, 0 = nein)', unit: 'Anzahl', default: 1, min: 0, max: 1 }],
  detect(snapshot, settings, index) {
    const allowMsol = threshold(this, settings, 'allowEntraConnect') === 1;
    const allowed = tier0Trustees(index);
    const rights = new Map<string, Set<string>>();
    for (const ace of snapshot.domain.securityDescriptor?.aces ?? []) {
      if (!isAllow(ace) || allowed.has(ace.trustee)) continue;
      const allExtended = ace.objectType === null && (ace.accessMask & (RIGHTS.CONTROL_ACCESS | RIGHTS.GENERIC_ALL)) !== 0;
      const dcsync = ace.objectType !== null && DCSYNC_RIGHTS.has(ace.objectType) && (ace.accessMask & RIGHTS.CONTROL_ACCESS) !== 0;
      if (!allExtended && !dcsync) continue;
      const set = rights.get(ace.trustee) ?? new Set<string>();
      set.add(allExtended ? 'alle erweiterten Rechte' : (ace.objectType as string));
      rights.set(ace.trustee, set);
    }
    const affected: AffectedObject[] = [];
    for (const [trustee, granted] of rights) {
      const name = index.nameOfSid(trustee);
      if (allowMsol && /^MSOL_/i.test(name)) continue;
      const principal = index.bySid(trustee);
      affected.push({
        objectKey: principal?.object.objectGuid ?? trustee,
        objectType: principal?.kind ?? 'acl',
        name,
        distinguishedName: principal?.object.distinguishedName ?? null,
        evidence: `Rechte auf ${snapshot.domain.dnsName}: ${[...granted].join(', ')}`,
      });
    }
    return found(affected);
  },
});
