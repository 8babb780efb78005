import type { IoaDetector } from '../types';
import { addedValues, commonName, defaults, finding, isAllowlisted, isProperty } from '../values';

/**
 * Tier-0 groups are recognised by SID in the newest snapshot (CHECKS.md §4 #1: RIDs 512/518/519/520/526/527, builtin
 * 544/548–551, DnsAdmins), so „Domänen-Admins“ counts like „Domain Admins“; a group nested (transitively) in one of
 * them counts too. Further groups: allowlist entries with a "+" prefix (name, DN or SID).
 */
export const privilegedGroupMemberAdded: IoaDetector = {
  slug: 'privileged-group-member-added',
  title: 'Mitglied zu privilegierter Gruppe hinzugefügt',
  description: 'Ein Konto wurde in eine Tier-0-Gruppe (z. B. Domänen-Admins) oder eine darin verschachtelte Gruppe aufgenommen.',
  severity: 'critical',
  defaults: defaults(),
  properties: ['member'],
  async detect(change, settings, context) {
    if (change.objectClass !== 'group' || !isProperty(change, 'member')) return null;
    const directory = await context.directory();
    const known = directory?.group(change.objectGuid, change.distinguishedName);
    const group = known?.sAMAccountName ?? commonName(change.distinguishedName);
    const extraGroups = new Set(settings.allowlist.filter((entry) => entry.startsWith('+')).map((entry) => entry.slice(1).toLowerCase()));
    const extra = [group, change.distinguishedName, known?.objectSid].some((candidate) => candidate && extraGroups.has(candidate.toLowerCase()));
    const membership = directory?.tier0Membership(change.objectGuid, change.distinguishedName) ?? null;
    if (!membership && !extra) return null;
    const added = addedValues(change).filter((member) => !isAllowlisted(settings, member));
    if (added.length === 0) return null;
    const names = added.map((member) => directory?.memberName(member) ?? commonName(member));
    const via = membership?.nested ? ` (verschachtelt in „${membership.tier0Group}“)` : '';
    return finding(this, change, `${names.join(', ')} zu „${group}“ hinzugefügt${via}`, {
      group,
      tier0Group: membership?.tier0Group ?? group,
      nested: membership?.nested ?? false,
      addedMembers: added,
    });
  },
};
