import { describe, expect, it } from 'vitest';
import { noHistory, settingsWith, testChange } from '../test-change';
import { adminSdHolderAclChanged } from './adminsdholder-acl-changed';

describe('adminSdHolderAclChanged', () => {
  it('reports a security descriptor change on AdminSDHolder and nowhere else', () => {
    const change = testChange({ objectClass: 'container', distinguishedName: 'CN=AdminSDHolder,CN=System,DC=lab,DC=local', propertyName: 'nTSecurityDescriptor', oldValue: 'O:DA', newValue: 'O:DA(A;;GA;;;S-1-5-21-1-2-3-1105)' });
    expect(adminSdHolderAclChanged.detect(change, settingsWith(), noHistory)).toMatchObject({ severity: 'critical' });
    expect(adminSdHolderAclChanged.detect({ ...change, distinguishedName: 'CN=Users,DC=lab,DC=local' }, settingsWith(), noHistory)).toBeNull();
  });
});
