import { takeoverRights } from '../../acl';
import type { ChangeRecord, IoaDetector } from '../types';
import type { DirectoryView } from '../directory-view';
import { type AceKey, descriptorAces, defaults, finding, isAllowlisted, isProperty } from '../values';

/** Trustees that legitimately hold such rights: SYSTEM, SELF, Enterprise DCs, Administrators and the Tier-0 RIDs. */
const LEGITIMATE = [/^S-1-5-18$/, /^S-1-5-10$/, /^S-1-5-9$/, /^S-1-5-32-544$/, /-(512|516|518|519|521|498|526|527)$/];

/** Takeover rights of a changed-ACE line, judged like the tier0-object-acl-weak check (replication rights are dcsync-rights-granted's). */
const grantsTakeover = (ace: AceKey) =>
  ace.allow &&
  takeoverRights({ type: ace.allowObject ? 'allow-object' : 'allow', trustee: ace.trustee, accessMask: ace.accessMask, objectType: ace.objectType || null, inheritedObjectType: null, flags: ace.flags }).length > 0;

async function isTier0Object(change: ChangeRecord, directory: DirectoryView | null): Promise<boolean> {
  if (change.objectClass === 'domainDNS') return true;
  if (/^CN=AdminSDHolder,CN=System,/i.test(change.distinguishedName)) return true;
  if (change.objectClass === 'computer' && /,OU=Domain Controllers,/i.test(change.distinguishedName)) return true;
  return change.objectClass === 'group' && directory?.tier0Membership(change.objectGuid, change.distinguishedName) != null;
}

/** Issue 16: an ACE with takeover rights for a non-Tier-0 trustee appears on a Tier-0 object (the IoA twin of tier0-object-acl-weak). */
export const tier0AceAdded: IoaDetector = {
  slug: 'tier0-ace-added',
  title: 'Berechtigung auf Tier-0-Objekt hinzugefügt',
  description: 'Auf dem Domänenobjekt, AdminSDHolder, einem Domänencontroller oder einer Tier-0-Gruppe erhielt ein Nicht-Administrator Schreib-, Besitz- oder Berechtigungsrechte.',
  severity: 'critical',
  defaults: defaults(),
  properties: ['ntsecuritydescriptor'],
  async detect(change, settings, context) {
    if (!isProperty(change, 'nTSecurityDescriptor')) return null;
    const directory = await context.directory();
    if (!(await isTier0Object(change, directory))) return null;
    const before = new Set(descriptorAces(change.oldValue).map((ace) => ace.key));
    const trustees = [
      ...new Set(
        descriptorAces(change.newValue)
          .filter((ace) => !before.has(ace.key) && grantsTakeover(ace))
          .map((ace) => ace.trustee)
          .filter((sid) => sid !== '' && !LEGITIMATE.some((pattern) => pattern.test(sid)) && !isAllowlisted(settings, sid)),
      ),
    ];
    if (trustees.length === 0) return null;
    const names = await Promise.all(trustees.map((sid) => directory?.nameOfSid(sid) ?? sid));
    return finding(this, change, `Rechte für ${names.join(', ')} auf ${change.distinguishedName} hinzugefügt`, { trustees, trusteeNames: names });
  },
};
