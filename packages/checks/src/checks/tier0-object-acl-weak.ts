import type { SecurityDescriptor } from '@burgwall/shared';
import { isTier0Trustee, takeoverRights } from '../acl';
import { type DefaultAclObject, isDefaultAce } from '../default-acl';
import { defineCheck } from '../define-check';
import { domainControllerGpos } from '../gpo-helpers';
import { RID, type SnapshotIndex } from '../snapshot-index';
import { type AffectedObject, found } from '../types';

interface Tier0Object {
  name: string;
  distinguishedName: string;
  kind: DefaultAclObject;
  descriptor: SecurityDescriptor | null | undefined;
}

/** The Tier-0 objects whose ACL the snapshot holds: domain head, AdminSDHolder, DCs, krbtgt, Tier-0 accounts, Tier-0 GPOs. */
function tier0Objects(index: SnapshotIndex): Tier0Object[] {
  const { snapshot } = index;
  const objects: Tier0Object[] = [
    { name: snapshot.domain.dnsName, distinguishedName: snapshot.domain.distinguishedName, kind: 'domain', descriptor: snapshot.domain.securityDescriptor },
    { name: 'AdminSDHolder', distinguishedName: `CN=AdminSDHolder,CN=System,${snapshot.domain.distinguishedName}`, kind: 'adminSdHolder', descriptor: snapshot.adminSdHolder },
  ];
  const accounts = new Set([...index.domainControllers(), ...[...index.privileged().values()].map((entry) => entry.account)]);
  const krbtgt = index.accountByRid(RID.KRBTGT);
  if (krbtgt) accounts.add(krbtgt);
  for (const account of accounts) {
    objects.push({ name: account.sAMAccountName, distinguishedName: account.distinguishedName, kind: 'tier0Object', descriptor: account.securityDescriptor });
  }
  for (const gpo of domainControllerGpos(snapshot)) {
    objects.push({ name: `GPO „${gpo.displayName}“`, distinguishedName: gpo.distinguishedName, kind: 'tier0Object', descriptor: gpo.securityDescriptor });
  }
  return objects;
}

/** Issue 16 „Tier-0 object ACLs“: a non-Tier-0 trustee may take over a Tier-0 object. Microsoft's default ACEs are allowed. */
export const tier0ObjectAclWeak = defineCheck({
  slug: 'tier0-object-acl-weak',
  title: 'Gefährliche Berechtigungen auf Tier-0-Objekten',
  description:
    'Ein Konto oder eine Gruppe außerhalb von Tier 0 hat Übernahmerechte (Vollzugriff, Schreiben, Berechtigungen oder Besitz ändern, Kennwort zurücksetzen) oder ist Besitzer eines Tier-0-Objekts: Domänenkopf, AdminSDHolder, Domänencontroller, krbtgt, privilegierte Konten oder Gruppenrichtlinien der Domäne und der Domain-Controllers-OU.',
  whyItMatters:
    'Wer ein Tier-0-Objekt ändern darf, kann sich selbst zum Domänen-Admin machen, Kennwörter zurücksetzen oder DCSync-Rechte eintragen. Solche Rechte sind der häufigste versteckte Angriffspfad (BloodHound).',
  remediation: [
    'Entfernen Sie die Berechtigung in „Active Directory-Benutzer und -Computer“ → Eigenschaften → Sicherheit → Erweitert.',
    'Setzen Sie den Besitzer auf „Domänen-Admins“ zurück.',
    'Prüfen Sie, seit wann die Berechtigung besteht und ob sie genutzt wurde (Änderungsverlauf).',
  ],
  category: 'privileged-accounts',
  criticality: 'critical',
  scoreImpact: 15,
  directory: 'ad',
  thresholds: [],
  detect(_snapshot, _settings, index) {
    // Only trustees outside Tier 0 escalate; Account Operators' full control of accounts (Windows' default schema ACL,
    // which SDProp removes from protected accounts and Samba keeps) is a Tier-0 group's right.
    const affected: AffectedObject[] = [];
    for (const object of tier0Objects(index)) {
      if (!object.descriptor) continue;
      const byTrustee = new Map<string, Set<string>>();
      const { owner } = object.descriptor;
      if (owner && !isTier0Trustee(owner, index)) byTrustee.set(owner, new Set(['Besitzer des Objekts']));
      for (const ace of object.descriptor.aces) {
        if (isTier0Trustee(ace.trustee, index) || isDefaultAce(object.kind, ace, index)) continue;
        const rights = takeoverRights(ace);
        if (rights.length === 0) continue;
        const set = byTrustee.get(ace.trustee) ?? new Set<string>();
        for (const granted of rights) set.add(granted);
        byTrustee.set(ace.trustee, set);
      }
      for (const [trustee, rights] of byTrustee) {
        const principal = index.bySid(trustee);
        affected.push({
          objectKey: `${object.distinguishedName}|${trustee}`,
          objectType: 'acl',
          name: `${index.nameOfSid(trustee)} → ${object.name}`,
          distinguishedName: principal?.object.distinguishedName ?? null,
          evidence: `${[...rights].join(', ')} auf ${object.distinguishedName}`,
        });
      }
    }
    return found(affected);
  },
});
