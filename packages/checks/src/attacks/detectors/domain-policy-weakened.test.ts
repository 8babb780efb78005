import { describe, expect, it } from 'vitest';
import { noHistory, settingsWith, testChange } from '../test-change';
import { domainPolicyWeakened } from './domain-policy-weakened';

describe('domainPolicyWeakened', () => {
  const domain = (propertyName: string, oldValue: string, newValue: string) => testChange({ objectClass: 'domainDNS', distinguishedName: 'DC=lab,DC=local', propertyName, oldValue, newValue });
  it('triggers for a raised machine account quota, shorter passwords, no lockout and complexity off', async () => {
    const titles = await Promise.all(
      [domain('ms-DS-MachineAccountQuota', '0', '10'), domain('minPwdLength', '14', '6'), domain('lockoutThreshold', '10', '0'), domain('pwdProperties', '1', '0'), domain('pwdHistoryLength', '24', '0')].map(
        async (change) => (await domainPolicyWeakened.detect(change, settingsWith(), noHistory))?.title,
      ),
    );
    expect(titles).toEqual(['Jeder Benutzer darf jetzt 10 Computer hinzufügen (vorher 0)', 'Minimale Kennwortlänge 14 → 6', 'Kontosperrung abgeschaltet (vorher 10)', 'Kennwortkomplexität abgeschaltet', 'Kennwortchronik 24 → 0']);
  });
  it('does not trigger when the policy is tightened or on other objects', async () => {
    expect(await domainPolicyWeakened.detect(domain('ms-DS-MachineAccountQuota', '10', '0'), settingsWith(), noHistory)).toBeNull();
    expect(await domainPolicyWeakened.detect(domain('minPwdLength', '8', '14'), settingsWith(), noHistory)).toBeNull();
    expect(await domainPolicyWeakened.detect({ ...domain('minPwdLength', '14', '6'), objectClass: 'user' }, settingsWith(), noHistory)).toBeNull();
  });
});
