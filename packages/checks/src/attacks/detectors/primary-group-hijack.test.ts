import { describe, expect, it } from 'vitest';
import { noHistory, settingsWith, testChange } from '../test-change';
import { primaryGroupHijack } from './primary-group-hijack';

describe('primaryGroupHijack', () => {
  it('reports primaryGroupID set to Domain Admins but not to Domain Users', () => {
    const change = testChange({ propertyName: 'primaryGroupID', oldValue: '513', newValue: '512' });
    expect(primaryGroupHijack.detect(change, settingsWith(), noHistory)).not.toBeNull();
    expect(primaryGroupHijack.detect({ ...change, newValue: '513', oldValue: '512' }, settingsWith(), noHistory)).toBeNull();
  });
  it('accepts a new domain controller getting 516', () => {
    const dc = testChange({ objectClass: 'computer', distinguishedName: 'CN=DC2,OU=Domain Controllers,DC=lab,DC=local', propertyName: 'primaryGroupID', oldValue: '515', newValue: '516' });
    expect(primaryGroupHijack.detect(dc, settingsWith(), noHistory)).toBeNull();
  });
});
