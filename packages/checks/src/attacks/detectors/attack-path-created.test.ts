import { describe, expect, it } from 'vitest';
import { analyseAttackPaths, buildControlGraph } from '../../attack-paths';
import { attackPathLookup } from '../../attack-paths/lookup';
import { addMember, cleanSnapshot, findGroup, findUser, group, sid, user } from '../../testing/fixtures';
import { settingsWith, testChange, testContext } from '../test-change';
import { attackPathCreated } from './attack-path-created';

/**
 * The clean domain where „Helpdesk“ has full control of Domain Admins, „alt-konto“ reaches it as a member and „direkt“
 * has full control of Domain Admins itself. `applied` changes the domain before the analysis: the lookup then
 * describes the directory with the change already applied, as the server's does when a change batch was stored.
 */
function domainWithPath(applied: (snapshot: ReturnType<typeof cleanSnapshot>, helpdesk: ReturnType<typeof group>, old: ReturnType<typeof user>) => void = () => {}) {
  const snapshot = cleanSnapshot();
  const helpdesk = group({ sAMAccountName: 'Helpdesk', objectSid: sid(4500) });
  const old = user({ sAMAccountName: 'alt-konto' });
  const direct = user({ sAMAccountName: 'direkt', objectSid: sid(4501) });
  addMember(helpdesk, old);
  snapshot.users.push(old, direct);
  snapshot.groups.push(helpdesk);
  const fullControl = (trustee: string) => ({ type: 'allow' as const, trustee, accessMask: 0x10000000, objectType: null, inheritedObjectType: null, flags: 0 });
  findGroup(snapshot, 512).securityDescriptor = { owner: sid(512), aces: [fullControl(helpdesk.objectSid), fullControl(direct.objectSid)] };
  applied(snapshot, helpdesk, old);
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
    const { helpdesk, context } = domainWithPath();
    const base = { objectClass: 'group', propertyName: 'member', oldValue: null } as const;
    const vertrieb = testChange({ ...base, distinguishedName: 'CN=Vertrieb,CN=Users,DC=test,DC=local', newValue: 'CN=Neu,CN=Users,DC=test,DC=local' });
    expect(await attackPathCreated.detect(vertrieb, settingsWith(), context)).toBeNull();
    const domainAdmins = testChange({ ...base, distinguishedName: 'CN=Domain Admins,CN=Users,DC=test,DC=local', newValue: 'CN=Neu,CN=Users,DC=test,DC=local' });
    expect(await attackPathCreated.detect(domainAdmins, settingsWith(), context)).toBeNull();
    // „direkt“ reaches Domain Admins by its own right (one step): joining Helpdesk (two steps) gives it nothing new.
    const direct = testChange({ ...base, objectGuid: helpdesk.objectGuid, distinguishedName: helpdesk.distinguishedName, newValue: 'CN=direkt,CN=Users,DC=test,DC=local' });
    expect(await attackPathCreated.detect(direct, settingsWith(), context)).toBeNull();
    const neu = testChange({ ...base, objectGuid: helpdesk.objectGuid, distinguishedName: helpdesk.distinguishedName, newValue: 'CN=Neu,CN=Users,DC=test,DC=local' });
    expect(await attackPathCreated.detect(neu, settingsWith(), testContext())).toBeNull();
    expect(await attackPathCreated.detect(neu, settingsWith({ allowlist: ['CN=Neu,CN=Users,DC=test,DC=local'] }), context)).toBeNull();
  });

  it('triggers as well when the directory already holds the new membership, but not for a member with its own path', async () => {
    const neu = user({ sAMAccountName: 'Neu' });
    const { helpdesk, context } = domainWithPath((snapshot, helpdesk) => {
      snapshot.users.push(neu);
      addMember(helpdesk, neu);
      addMember(helpdesk, findUser(snapshot, 'direkt'));
    });
    const change = testChange({ objectGuid: helpdesk.objectGuid, objectClass: 'group', distinguishedName: helpdesk.distinguishedName, propertyName: 'member', oldValue: null, newValue: `${neu.distinguishedName}\nCN=direkt,CN=Users,DC=test,DC=local` });
    expect(await attackPathCreated.detect(change, settingsWith(), context)).toMatchObject({ title: 'Neu hat über „Helpdesk“ einen Pfad zu Tier 0 (2 Schritte)', evidence: { addedMembers: [neu.distinguishedName] } });
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

    it('triggers as well when the directory already holds the new right', async () => {
      const mallory = user({ sAMAccountName: 'mallory', objectSid: intruder });
      const grant = { type: 'allow-object' as const, trustee: intruder, accessMask: 0x100, objectType: FORCE_CHANGE_PASSWORD, inheritedObjectType: null, flags: 0 };
      const { old, context } = domainWithPath((snapshot, _helpdesk, old) => {
        snapshot.users.push(mallory);
        old.securityDescriptor = { owner: sid(512), aces: [grant] };
      });
      const change = aclChange(old, owner, `${owner}\nallow-object ${intruder} 0x100 ${FORCE_CHANGE_PASSWORD}  0`);
      expect(await attackPathCreated.detect(change, settingsWith(), context)).toMatchObject({ title: `${intruder} hat über Rechte auf „alt-konto“ einen Pfad zu Tier 0 (3 Schritte)`, evidence: { trustees: [intruder] } });
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
