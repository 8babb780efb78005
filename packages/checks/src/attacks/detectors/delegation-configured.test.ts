import { describe, expect, it } from 'vitest';
import { noHistory, settingsWith, testChange } from '../test-change';
import { delegationConfigured } from './delegation-configured';

describe('delegationConfigured', () => {
  it('reports RBCD, constrained delegation to a DC service and unconstrained delegation', () => {
    expect(delegationConfigured.detect(testChange({ objectClass: 'computer', propertyName: 'msDS-AllowedToActOnBehalfOfOtherIdentity', newValue: 'O:BAD:(A;;CCDCLCSWRPWPDTLOCRSDRCWDWO;;;S-1-5-21-1-2-3-1107)' }), settingsWith(), noHistory)).not.toBeNull();
    expect(delegationConfigured.detect(testChange({ propertyName: 'msDS-AllowedToDelegateTo', oldValue: null, newValue: 'ldap/dc1.lab.local' }), settingsWith(), noHistory)).toMatchObject({ severity: 'critical' });
    expect(delegationConfigured.detect(testChange({ propertyName: 'userAccountControl', oldValue: '512', newValue: String(512 + 0x80000) }), settingsWith(), noHistory)).toMatchObject({ severity: 'critical' });
  });
  it('ignores unrelated flag changes', () => {
    expect(delegationConfigured.detect(testChange({ propertyName: 'userAccountControl', oldValue: '512', newValue: '514' }), settingsWith(), noHistory)).toBeNull();
  });
});
