import { describe, expect, it } from 'vitest';
import { analyseAttackPaths, buildControlGraph } from '../../attack-paths';
import { attackPathLookup } from '../../attack-paths/lookup';
import { addMember, cleanSnapshot, findGroup, group, sid, user } from '../../testing/fixtures';
import { settingsWith, testChange, testContext } from '../test-change';
import { attackPathCreated } from './attack-path-created';

/** The clean domain where „Helpdesk“ has full control of Domain Admins, and „alt-konto“ already reaches it. */
function domainWithPath() {
  const snapshot = cleanSnapshot();
  const helpdesk = group({ sAMAccountName: 'Helpdesk', objectSid: sid(4500) });
  const old = user({ sAMAccountName: 'alt-konto' });
  addMember(helpdesk, old);
  snapshot.users.push(old);
  snapshot.groups.push(helpdesk);
  findGroup(snapshot, 512).securityDescriptor = {
    owner: sid(512),
    aces: [{ type: 'allow', trustee: helpdesk.objectSid, accessMask: 0x10000000, objectType: null, inheritedObjectType: null, flags: 0 }],
  };
  const lookup = attackPathLookup(analyseAttackPaths(buildControlGraph(snapshot)));
  return { helpdesk, old, context: testContext({ attackPaths: () => Promise.resolve(lookup) }) };
}

describe('attackPathCreated', () => {
  it('triggers when an account joins a group with a path to Tier 0', async () => {
    const { helpdesk, old, context } = domainWithPath();
    const change = testChange({ objectGuid: helpdesk.objectGuid, objectClass: 'group', distinguishedName: helpdesk.distinguishedName, propertyName: 'member', oldValue: old.distinguishedName, newValue: `${old.distinguishedName}\nCN=Neu,CN=Users,DC=test,DC=local` });
    expect(await attackPathCreated.detect(change, settingsWith(), context)).toMatchObject({
      severity: 'high',
      title: 'Neu hat über „Helpdesk“ einen Pfad zu Tier 0 (2 Schritte)',
      evidence: { addedMembers: ['CN=Neu,CN=Users,DC=test,DC=local'], pathLength: 2, groupPath: 'Helpdesk —hat Vollzugriff auf→ Domain Admins' },
    });
  });

  it('does not trigger for a group without a path, for Tier-0 groups, for members that already had a path, or without attack paths', async () => {
    const { helpdesk, old, context } = domainWithPath();
    const base = { objectClass: 'group', propertyName: 'member', oldValue: null } as const;
    const vertrieb = testChange({ ...base, distinguishedName: 'CN=Vertrieb,CN=Users,DC=test,DC=local', newValue: 'CN=Neu,CN=Users,DC=test,DC=local' });
    expect(await attackPathCreated.detect(vertrieb, settingsWith(), context)).toBeNull();
    const domainAdmins = testChange({ ...base, distinguishedName: 'CN=Domain Admins,CN=Users,DC=test,DC=local', newValue: 'CN=Neu,CN=Users,DC=test,DC=local' });
    expect(await attackPathCreated.detect(domainAdmins, settingsWith(), context)).toBeNull();
    const again = testChange({ ...base, objectGuid: helpdesk.objectGuid, distinguishedName: helpdesk.distinguishedName, newValue: old.distinguishedName });
    expect(await attackPathCreated.detect(again, settingsWith(), context)).toBeNull();
    const neu = testChange({ ...base, objectGuid: helpdesk.objectGuid, distinguishedName: helpdesk.distinguishedName, newValue: 'CN=Neu,CN=Users,DC=test,DC=local' });
    expect(await attackPathCreated.detect(neu, settingsWith(), testContext())).toBeNull();
    expect(await attackPathCreated.detect(neu, settingsWith({ allowlist: ['CN=Neu,CN=Users,DC=test,DC=local'] }), context)).toBeNull();
  });
});
