import { describe, expect, it } from 'vitest';
import { noHistory, settingsWith, testChange } from '../test-change';
import { gpoTier0Changed } from './gpo-tier0-changed';

describe('gpoTier0Changed', () => {
  it('reports a change of the Default Domain Controllers Policy and of gPLink on the domain root', () => {
    const gpo = testChange({ objectClass: 'groupPolicyContainer', distinguishedName: 'CN={6AC1786C-016F-11D2-945F-00C04fB984F9},CN=Policies,CN=System,DC=lab,DC=local', propertyName: 'versionNumber', oldValue: '1', newValue: '2' });
    expect(gpoTier0Changed.detect(gpo, settingsWith(), noHistory)).not.toBeNull();
    const link = testChange({ objectClass: 'domainDNS', distinguishedName: 'DC=lab,DC=local', propertyName: 'gPLink', oldValue: '', newValue: '[LDAP://cn={X},cn=policies;0]' });
    expect(gpoTier0Changed.detect(link, settingsWith(), noHistory)).not.toBeNull();
  });
  it('ignores other GPOs and OUs', () => {
    const other = testChange({ objectClass: 'groupPolicyContainer', distinguishedName: 'CN={11111111-2222-3333-4444-555555555555},CN=Policies,CN=System,DC=lab,DC=local', propertyName: 'versionNumber', oldValue: '1', newValue: '2' });
    expect(gpoTier0Changed.detect(other, settingsWith(), noHistory)).toBeNull();
    expect(gpoTier0Changed.detect(other, settingsWith({ allowlist: ['+{11111111-2222-3333-4444-555555555555}'] }), noHistory)).not.toBeNull();
    expect(gpoTier0Changed.detect(testChange({ objectClass: 'organizationalUnit', distinguishedName: 'OU=Clients,DC=lab,DC=local', propertyName: 'gPLink' }), settingsWith(), noHistory)).toBeNull();
  });
});
