import { describe, expect, it } from 'vitest';
import { noHistory, settingsWith, testChange } from '../test-change';
import { samAccountNameSpoofing } from './samaccountname-spoofing';

describe('samAccountNameSpoofing', () => {
  it('reports a computer renamed without a trailing $', () => {
    const change = testChange({ objectClass: 'computer', distinguishedName: 'CN=WS01,OU=Clients,DC=lab,DC=local', propertyName: 'sAMAccountName', oldValue: 'WS01$', newValue: 'DC1' });
    expect(samAccountNameSpoofing.detect(change, settingsWith(), noHistory)).toMatchObject({ evidence: { after: 'DC1' } });
    expect(samAccountNameSpoofing.detect({ ...change, newValue: 'WS02$' }, settingsWith(), noHistory)).toBeNull();
    expect(samAccountNameSpoofing.detect({ ...change, objectClass: 'user' }, settingsWith(), noHistory)).toBeNull();
  });
});
