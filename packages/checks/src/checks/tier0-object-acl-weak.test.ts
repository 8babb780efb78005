import { describe, expect, it } from 'vitest';
import { addMember, cleanSnapshot, findGroup, findUser, sid, user } from '../testing/fixtures';
import { run } from '../testing/run';
import { windows2022AdminSdHolderAcl, windows2022DomainHeadAcl } from '../testing/windows-2022-default-acl';
import { tier0ObjectAclWeak as check } from './tier0-object-acl-weak';

describe('tier0-object-acl-weak', () => {
  it('does not trigger on the domain head and AdminSDHolder ACLs of a default Windows Server 2022 domain', () => {
    const snapshot = cleanSnapshot();
    snapshot.domain.securityDescriptor = windows2022DomainHeadAcl(snapshot.domain.objectSid);
    snapshot.adminSdHolder = windows2022AdminSdHolderAcl(snapshot.domain.objectSid);
    expect(run(check, snapshot).affected).toEqual([]);
  });

  it('triggers for GenericAll on the domain head, ForceChangePassword on an admin and a non-admin owner of a DC GPO', () => {
    const snapshot = cleanSnapshot();
    const helpdesk = user({ sAMAccountName: 'helpdesk' });
    snapshot.users.push(helpdesk);
    snapshot.domain.securityDescriptor?.aces.push({ type: 'allow', trustee: helpdesk.objectSid, accessMask: 0x10000000, objectType: null, inheritedObjectType: null, flags: 0 });
    const admin = findUser(snapshot, 'Administrator');
    admin.securityDescriptor = {
      owner: sid(512),
      aces: [{ type: 'allow-object', trustee: helpdesk.objectSid, accessMask: 0x100, objectType: '00299570-246d-11d0-a768-00aa006e0529', inheritedObjectType: null, flags: 0 }],
    };
    const policy = snapshot.gpos[0];
    if (policy) policy.securityDescriptor = { owner: helpdesk.objectSid, aces: [] };
    const evidence = run(check, snapshot).affected.map((item) => `${item.name}: ${item.evidence}`);
    expect(evidence).toEqual([
      'helpdesk → test.local: Vollzugriff (GenericAll) auf DC=test,DC=local',
      'helpdesk → Administrator: Kennwort zurücksetzen (ForceChangePassword) auf CN=Administrator,CN=Users,DC=test,DC=local',
      `helpdesk → GPO „Default Domain Policy“: Besitzer des Objekts auf ${policy?.distinguishedName ?? ''}`,
    ]);
  });

  it('does not trigger for inherit-only ACEs or for the same right held by Domain Admins', () => {
    const snapshot = cleanSnapshot();
    snapshot.domain.securityDescriptor?.aces.push({ type: 'allow', trustee: sid(1500), accessMask: 0x10000000, objectType: null, inheritedObjectType: null, flags: 0x8 });
    snapshot.domain.securityDescriptor?.aces.push({ type: 'allow', trustee: sid(512), accessMask: 0x10000000, objectType: null, inheritedObjectType: null, flags: 0 });
    expect(run(check, snapshot).affected).toEqual([]);
  });

  it('names full control as AD stores it (0xF01FF) once, as GenericAll', () => {
    const snapshot = cleanSnapshot();
    const helpdesk = user({ sAMAccountName: 'helpdesk' });
    snapshot.users.push(helpdesk);
    snapshot.domain.securityDescriptor?.aces.push({ type: 'allow', trustee: helpdesk.objectSid, accessMask: 0xf01ff, objectType: null, inheritedObjectType: null, flags: 0 });
    expect(run(check, snapshot).affected.map((item) => item.evidence)).toEqual(['Vollzugriff (GenericAll) auf DC=test,DC=local']);
  });

  it('does not trigger for Tier-0 trustees outside the default ACL: Account Operators on Administrator (Samba keeps the schema default), a Domain Admin', () => {
    const snapshot = cleanSnapshot();
    const admin = findUser(snapshot, 'Administrator');
    const domainAdmin = user({ sAMAccountName: 'da-konto' });
    snapshot.users.push(domainAdmin);
    addMember(findGroup(snapshot, 512), domainAdmin);
    admin.securityDescriptor = {
      owner: sid(512),
      aces: [
        { type: 'allow', trustee: 'S-1-5-32-548', accessMask: 0xf01ff, objectType: null, inheritedObjectType: null, flags: 0 },
        { type: 'allow', trustee: domainAdmin.objectSid, accessMask: 0xf01ff, objectType: null, inheritedObjectType: null, flags: 0 },
      ],
    };
    expect(run(check, snapshot).affected).toEqual([]);
  });
});
