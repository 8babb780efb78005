import { describe, expect, it } from 'vitest';
import { cleanSnapshot, findUser, sid, user } from '../testing/fixtures';
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
});
