import type { IoaDetector } from '../types';
import { descriptorAces as aces, defaults, finding, isAllowlisted, isProperty } from '../values';

/** DS-Replication-Get-Changes, -Get-Changes-All, -Get-Changes-In-Filtered-Set. */
const REPLICATION_RIGHTS = [
  '1131f6aa-9c07-11d1-f79f-00c04fc2dcd2',
  '1131f6ad-9c07-11d1-f79f-00c04fc2dcd2',
  '89e95b76-444d-4c62-991a-0facbeda640c',
];

/** Domain Controllers (-516), Enterprise DCs (S-1-5-9), Enterprise RODCs (-498), Administrators (S-1-5-32-544). */
const LEGITIMATE_TRUSTEES = [/-516$/, /^S-1-5-9$/, /-498$/, /^S-1-5-32-544$/];

export const dcsyncRightsGranted: IoaDetector = {
  slug: 'dcsync-rights-granted',
  title: 'DCSync-Rechte vergeben',
  description: 'Die ACL des Domänenobjekts gibt einem Nicht-DC Replikationsrechte (DCSync).',
  severity: 'critical',
  defaults: defaults(),
  properties: ['ntsecuritydescriptor'],
  async detect(change, settings, context) {
    if (!isProperty(change, 'nTSecurityDescriptor') || change.objectClass !== 'domainDNS') return null;
    const before = new Set(aces(change.oldValue).map((ace) => ace.key));
    const sids = aces(change.newValue)
      .filter((ace) => !before.has(ace.key) && ace.allowObject && REPLICATION_RIGHTS.includes(ace.objectType))
      .map((ace) => ace.trustee)
      .filter((sid) => sid !== '' && !LEGITIMATE_TRUSTEES.some((pattern) => pattern.test(sid)))
      .filter((sid) => !isAllowlisted(settings, sid));
    if (sids.length === 0) return null;
    // Get-Changes and Get-Changes-All are two ACEs for the same trustee: each trustee is named once.
    const trustees = [...new Set(sids)];
    const directory = await context.directory();
    const names = await Promise.all(trustees.map((sid) => directory?.nameOfSid(sid) ?? sid));
    return finding(this, change, `Replikationsrechte für ${names.join(', ')} vergeben`, { trustees, trusteeNames: names });
  },
};
