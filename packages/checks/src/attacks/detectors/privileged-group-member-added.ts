import type { IoaDetector } from '../types';
import { addedValues, commonName, defaults, finding, isAllowlisted, isProperty } from '../values';

/** Tier-0 groups by name (CHECKS.md §4 #1: RIDs 512/518/519/526/527, builtin 544/548-551, DnsAdmins, GPCO). */
export const TIER0_GROUP_NAMES = [
  'Domain Admins',
  'Enterprise Admins',
  'Schema Admins',
  'Administrators',
  'Account Operators',
  'Server Operators',
  'Print Operators',
  'Backup Operators',
  'Key Admins',
  'Enterprise Key Admins',
  'DnsAdmins',
  'Group Policy Creator Owners',
] as const;

export const privilegedGroupMemberAdded: IoaDetector = {
  slug: 'privileged-group-member-added',
  title: 'Mitglied zu privilegierter Gruppe hinzugefügt',
  description: 'Ein Konto wurde in eine Tier-0-Gruppe (z. B. Domänen-Admins) aufgenommen.',
  severity: 'critical',
  defaults: defaults(),
  properties: ['member'],
  detect(change, settings) {
    if (change.objectClass !== 'group' || !isProperty(change, 'member')) return null;
    const group = commonName(change.distinguishedName);
    const extraGroups = settings.allowlist.filter((entry) => entry.startsWith('+')).map((entry) => entry.slice(1).toLowerCase());
    const tier0 = [...TIER0_GROUP_NAMES.map((name) => name.toLowerCase()), ...extraGroups];
    if (!tier0.includes(group.toLowerCase())) return null;
    const added = addedValues(change).filter((member) => !isAllowlisted(settings, member));
    if (added.length === 0) return null;
    return finding(this, change, `${added.map(commonName).join(', ')} zu „${group}“ hinzugefügt`, { group, addedMembers: added });
  },
};
