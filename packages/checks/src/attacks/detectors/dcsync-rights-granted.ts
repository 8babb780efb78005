import type { IoaDetector } from '../types';
import { defaults, finding, isAllowlisted, isProperty } from '../values';

/** DS-Replication-Get-Changes, -Get-Changes-All, -Get-Changes-In-Filtered-Set. */
const REPLICATION_RIGHTS = [
  '1131f6aa-9c07-11d1-f79f-00c04fc2dcd2',
  '1131f6ad-9c07-11d1-f79f-00c04fc2dcd2',
  '89e95b76-444d-4c62-991a-0facbeda640c',
];

/** Domain Controllers (-516), Enterprise DCs (S-1-5-9), Enterprise RODCs (-498), Administrators (S-1-5-32-544). */
const LEGITIMATE_TRUSTEES = [/-516$/, /^S-1-5-9$/, /-498$/, /^S-1-5-32-544$/];

/** The ACEs of an SDDL string: "(OA;;CR;1131f6aa-…;;S-1-5-21-…-1105)". */
function aces(sddl: string | null): string[] {
  return sddl ? [...sddl.matchAll(/\(([^()]*)\)/g)].map((match) => (match[1] ?? '').toLowerCase()) : [];
}

export const dcsyncRightsGranted: IoaDetector = {
  slug: 'dcsync-rights-granted',
  title: 'DCSync-Rechte vergeben',
  description: 'Die ACL des Domänenobjekts gibt einem Nicht-DC Replikationsrechte (DCSync).',
  severity: 'critical',
  defaults: defaults(),
  properties: ['ntsecuritydescriptor'],
  detect(change, settings) {
    if (!isProperty(change, 'nTSecurityDescriptor') || change.objectClass !== 'domainDNS') return null;
    const before = new Set(aces(change.oldValue));
    const trustees = aces(change.newValue)
      .filter((ace) => !before.has(ace) && ace.startsWith('oa;') && REPLICATION_RIGHTS.some((right) => ace.includes(right)))
      .map((ace) => ace.split(';').at(-1)?.toUpperCase() ?? '')
      .filter((sid) => sid !== '' && !LEGITIMATE_TRUSTEES.some((pattern) => pattern.test(sid)))
      .filter((sid) => !isAllowlisted(settings, sid));
    if (trustees.length === 0) return null;
    return finding(this, change, `Replikationsrechte für ${[...new Set(trustees)].join(', ')} vergeben`, { trustees });
  },
};
