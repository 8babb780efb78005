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

  describe('new rights on an object with a path', () => {
    const FORCE_CHANGE_PASSWORD = '00299570-246d-11d0-a768-00aa006e0529';
    const intruder = 'S-1-5-21-1000-2000-3000-7777';
    const aclChange = (target: { objectGuid: string; distinguishedName: string }, oldValue: string | null, newValue: string, objectClass: 'user' | 'group' = 'user') =>
      testChange({ objectGuid: target.objectGuid, objectClass, distinguishedName: target.distinguishedName, propertyName: 'nTSecurityDescriptor', oldValue, newValue });
    const owner = `owner ${sid(512)}`;

    it('triggers when someone without a path may now reset the password of an account that has one', async () => {
      const { old, context } = domainWithPath();
      const change = aclChange(old, owner, `${owner}\nallow-object ${intruder} 0x100 ${FORCE_CHANGE_PASSWORD}  0`);
      expect(await attackPathCreated.detect(change, settingsWith(), context)).toMatchObject({
        title: `${intruder} hat über Rechte auf „alt-konto“ einen Pfad zu Tier 0 (3 Schritte)`,
        evidence: { trustees: [intruder], pathLength: 3, objectPath: 'alt-konto —ist Mitglied von→ Helpdesk —hat Vollzugriff auf→ Domain Admins' },
      });
    });

    it('triggers for a new owner of a group with a path', async () => {
      const { helpdesk, context } = domainWithPath();
      const change = aclChange(helpdesk, owner, `owner ${intruder}`, 'group');
      expect((await attackPathCreated.detect(change, settingsWith(), context))?.evidence).toMatchObject({ trustees: [intruder], pathLength: 2 });
    });

    it('does not trigger for read rights, Tier-0 trustees, principals that had a path, objects without one, or a first-seen descriptor', async () => {
      const { old, helpdesk, context } = domainWithPath();
      const readOnly = aclChange(old, owner, `${owner}\nallow ${intruder} 0x20094   0`);
      expect(await attackPathCreated.detect(readOnly, settingsWith(), context)).toBeNull();
      const admins = aclChange(old, owner, `${owner}\nallow ${sid(512)} 0x10000000   0`);
      expect(await attackPathCreated.detect(admins, settingsWith(), context)).toBeNull();
      const helpdeskItself = aclChange(old, owner, `${owner}\nallow ${helpdesk.objectSid} 0x10000000   0`);
      expect(await attackPathCreated.detect(helpdeskItself, settingsWith(), context)).toBeNull();
      const noPath = aclChange({ objectGuid: '11111111-2222-4333-8444-555555555555', distinguishedName: 'CN=Niemand,CN=Users,DC=test,DC=local' }, owner, `${owner}\nallow ${intruder} 0x10000000   0`);
      expect(await attackPathCreated.detect(noPath, settingsWith(), context)).toBeNull();
      const firstSeen = aclChange(old, null, `${owner}\nallow ${intruder} 0x10000000   0`);
      expect(await attackPathCreated.detect(firstSeen, settingsWith(), context)).toBeNull();
      const allowed = aclChange(old, owner, `${owner}\nallow ${intruder} 0x10000000   0`);
      expect(await attackPathCreated.detect(allowed, settingsWith({ allowlist: [intruder] }), context)).toBeNull();
    });
  });
});
