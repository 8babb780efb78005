import { describe, expect, it } from 'vitest';
import { noHistory, settingsWith, testChange } from '../test-change';
import { privilegedGroupMemberAdded } from './privileged-group-member-added';

describe('privilegedGroupMemberAdded', () => {
  const change = testChange({
    objectClass: 'group',
    distinguishedName: 'CN=Domain Admins,CN=Users,DC=lab,DC=local',
    propertyName: 'member',
    oldValue: 'CN=Administrator,CN=Users,DC=lab,DC=local',
    newValue: 'CN=Administrator,CN=Users,DC=lab,DC=local\nCN=Mallory,CN=Users,DC=lab,DC=local',
  });
  it('reports only the added member of a tier-0 group', () => {
    const found = privilegedGroupMemberAdded.detect(change, settingsWith(), noHistory);
    expect(found).toMatchObject({ severity: 'critical', evidence: { group: 'Domain Admins', addedMembers: ['CN=Mallory,CN=Users,DC=lab,DC=local'] } });
  });
  it('ignores ordinary groups, removals and allowlisted members', () => {
    expect(privilegedGroupMemberAdded.detect({ ...change, distinguishedName: 'CN=Vertrieb,OU=Gruppen,DC=lab,DC=local' }, settingsWith(), noHistory)).toBeNull();
    expect(privilegedGroupMemberAdded.detect({ ...change, oldValue: change.newValue, newValue: change.oldValue }, settingsWith(), noHistory)).toBeNull();
    expect(privilegedGroupMemberAdded.detect(change, settingsWith({ allowlist: ['cn=mallory,cn=users,dc=lab,dc=local'] }), noHistory)).toBeNull();
  });
  it('accepts members as a JSON array and extra groups from the settings', () => {
    const custom = { ...change, distinguishedName: 'CN=Tier0-Ops,OU=G,DC=lab,DC=local', oldValue: '[]', newValue: '["CN=X,DC=lab,DC=local"]' };
    expect(privilegedGroupMemberAdded.detect(custom, settingsWith({ allowlist: ['+Tier0-Ops'] }), noHistory)).not.toBeNull();
  });
});
