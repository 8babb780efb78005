import { describe, expect, it } from 'vitest';
import { germanDirectory, noHistory, settingsWith, testChange, testContext } from '../test-change';
import { privilegedGroupMemberAdded } from './privileged-group-member-added';

describe('privilegedGroupMemberAdded', () => {
  const context = testContext({ directory: () => Promise.resolve(germanDirectory()) });
  const change = testChange({
    objectGuid: '00000000-0000-4000-9000-000000000512',
    objectClass: 'group',
    distinguishedName: 'CN=Domänen-Admins,CN=Users,DC=lab,DC=local',
    propertyName: 'member',
    oldValue: 'CN=Administrator,CN=Users,DC=lab,DC=local',
    newValue: 'CN=Administrator,CN=Users,DC=lab,DC=local\nCN=Mallory,CN=Users,DC=lab,DC=local',
  });
  it('triggers for the added member of the German-named Domain Admins group (identified by SID -512)', async () => {
    const found = await privilegedGroupMemberAdded.detect(change, settingsWith(), context);
    expect(found).toMatchObject({ severity: 'critical', title: 'Mallory zu „Domänen-Admins“ hinzugefügt', evidence: { group: 'Domänen-Admins', nested: false, addedMembers: ['CN=Mallory,CN=Users,DC=lab,DC=local'] } });
  });
  it('triggers for a group nested in Domain Admins, and after a rename (matched by objectGUID)', async () => {
    const nested = { ...change, objectGuid: '00000000-0000-4000-9000-000000001201', distinguishedName: 'CN=Tier0-Helfer,OU=Gruppen,DC=lab,DC=local' };
    expect(await privilegedGroupMemberAdded.detect(nested, settingsWith(), context)).toMatchObject({
      title: 'Mallory zu „Tier0-Helfer“ hinzugefügt (verschachtelt in „Domänen-Admins“)',
      evidence: { tier0Group: 'Domänen-Admins', nested: true },
    });
    const renamed = { ...change, distinguishedName: 'CN=Chefs,CN=Users,DC=lab,DC=local' };
    expect(await privilegedGroupMemberAdded.detect(renamed, settingsWith(), context)).not.toBeNull();
  });
  it('does not trigger for ordinary groups, removals, allowlisted members, or a group merely named "Domain Admins"', async () => {
    const vertrieb = { ...change, objectGuid: '00000000-0000-4000-9000-000000001202', distinguishedName: 'CN=Vertrieb,OU=Gruppen,DC=lab,DC=local' };
    expect(await privilegedGroupMemberAdded.detect(vertrieb, settingsWith(), context)).toBeNull();
    expect(await privilegedGroupMemberAdded.detect({ ...change, oldValue: change.newValue, newValue: change.oldValue }, settingsWith(), context)).toBeNull();
    expect(await privilegedGroupMemberAdded.detect(change, settingsWith({ allowlist: ['cn=mallory,cn=users,dc=lab,dc=local'] }), context)).toBeNull();
    const impostor = { ...change, objectGuid: '00000000-0000-4000-9000-000000009999', distinguishedName: 'CN=Domain Admins,OU=Fake,DC=lab,DC=local' };
    expect(await privilegedGroupMemberAdded.detect(impostor, settingsWith(), context)).toBeNull();
  });
  it('accepts members as a JSON array and extra groups from the settings, also without a snapshot', async () => {
    const custom = { ...change, objectGuid: '00000000-0000-4000-9000-000000007777', distinguishedName: 'CN=Tier0-Ops,OU=G,DC=lab,DC=local', oldValue: '[]', newValue: '["CN=X,DC=lab,DC=local"]' };
    expect(await privilegedGroupMemberAdded.detect(custom, settingsWith({ allowlist: ['+Tier0-Ops'] }), noHistory)).not.toBeNull();
    expect(await privilegedGroupMemberAdded.detect(custom, settingsWith(), noHistory)).toBeNull();
  });
});
