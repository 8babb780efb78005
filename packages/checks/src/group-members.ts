import type { CheckGroup } from './check-snapshot';
import { principalObject } from './affected';
import type { SnapshotIndex } from './snapshot-index';
import type { AffectedObject } from './types';

/** Direct members (any kind) plus nested user and computer members of a group. */
export function groupMembersAffected(index: SnapshotIndex, group: CheckGroup): AffectedObject[] {
  const affected: AffectedObject[] = [];
  const seen = new Set<string>();
  for (const memberDn of group.members) {
    const member = index.byDn(memberDn);
    if (!member) {
      affected.push({ objectKey: memberDn, objectType: 'user', name: memberDn.split(',')[0]?.replace(/^CN=/i, '') ?? memberDn, distinguishedName: memberDn, evidence: `Direktes Mitglied von ${group.sAMAccountName}` });
      continue;
    }
    seen.add(member.object.distinguishedName);
    affected.push(principalObject(member.object, `Direktes Mitglied von ${group.sAMAccountName}`));
  }
  for (const account of index.transitiveMembers(group)) {
    if (seen.has(account.distinguishedName)) continue;
    affected.push(principalObject(account, `Mitglied von ${group.sAMAccountName} (verschachtelt oder primäre Gruppe)`));
  }
  return affected;
}
