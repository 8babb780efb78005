import { describe, expect, it } from 'vitest';
import { noHistory, settingsWith, testChange } from '../test-change';
import { dcShadow } from './dcshadow';

describe('dcShadow', () => {
  it('reports DRS/GC SPNs added to a computer outside the DC OU', () => {
    const change = testChange({ objectClass: 'computer', distinguishedName: 'CN=WS01,OU=Clients,DC=lab,DC=local', propertyName: 'servicePrincipalName', oldValue: 'HOST/WS01', newValue: 'HOST/WS01\nGC/ws01.lab.local/lab.local\nE3514235-4B06-11D1-AB04-00C04FC2DCD2/x/lab.local' });
    expect(dcShadow.detect(change, settingsWith(), noHistory)).toMatchObject({ severity: 'critical' });
    expect(dcShadow.detect({ ...change, distinguishedName: 'CN=DC1,OU=Domain Controllers,DC=lab,DC=local' }, settingsWith(), noHistory)).toBeNull();
  });
  it('reports a new nTDSDSA object', () => {
    const change = testChange({ objectClass: 'other', distinguishedName: 'CN=NTDS Settings,CN=WS01,CN=Servers,CN=Site,CN=Sites,CN=Configuration,DC=lab,DC=local', propertyName: 'objectClass', oldValue: null, newValue: 'top\napplicationSettings\nnTDSDSA' });
    expect(dcShadow.detect(change, settingsWith(), noHistory)).not.toBeNull();
  });
});
