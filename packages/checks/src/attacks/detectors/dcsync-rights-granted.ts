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

interface AceKey {
  key: string;
  allowObject: boolean;
  objectType: string;
  trustee: string;
}

/**
 * The ACEs of a descriptor as the change table holds it: the collector's text (one line per ACE:
 * "allow-object <sid> 0x100 <objectType> <inheritedObjectType> <flags>") or SDDL ("(OA;;CR;<guid>;;<sid>)").
 */
function aces(text: string | null): AceKey[] {
  if (!text) return [];
  if (text.includes('(')) {
    return [...text.matchAll(/\(([^()]*)\)/g)].map((match) => {
      const parts = (match[1] ?? '').split(';');
      return { key: (match[1] ?? '').toLowerCase(), allowObject: parts[0]?.toUpperCase() === 'OA', objectType: (parts[3] ?? '').toLowerCase(), trustee: (parts[5] ?? '').toUpperCase() };
    });
  }
  return text
    .split(/\r?\n/)
    .filter((line) => !line.startsWith('owner '))
    .map((line) => {
      const [type = '', trustee = '', , objectType = ''] = line.split(' ');
      return { key: line.toLowerCase(), allowObject: type === 'allow-object', objectType: objectType.toLowerCase(), trustee: trustee.toUpperCase() };
    });
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
    const before = new Set(aces(change.oldValue).map((ace) => ace.key));
    const trustees = aces(change.newValue)
      .filter((ace) => !before.has(ace.key) && ace.allowObject && REPLICATION_RIGHTS.includes(ace.objectType))
      .map((ace) => ace.trustee)
      .filter((sid) => sid !== '' && !LEGITIMATE_TRUSTEES.some((pattern) => pattern.test(sid)))
      .filter((sid) => !isAllowlisted(settings, sid));
    if (trustees.length === 0) return null;
    return finding(this, change, `Replikationsrechte für ${[...new Set(trustees)].join(', ')} vergeben`, { trustees });
  },
};
