import { describe, expect, it } from 'vitest';
import { noHistory, settingsWith, testChange } from '../test-change';
import { krbtgtOrTrustChanged } from './krbtgt-or-trust-changed';

describe('krbtgtOrTrustChanged', () => {
  it('reports a krbtgt password change as information', () => {
    const change = testChange({ distinguishedName: 'CN=krbtgt,CN=Users,DC=lab,DC=local', propertyName: 'pwdLastSet', oldValue: '1', newValue: '2' });
    expect(krbtgtOrTrustChanged.detect(change, settingsWith(), noHistory)).toMatchObject({ severity: 'info' });
  });
  it('reports a new trust and a trust losing SID filtering', () => {
    const trust = testChange({ objectClass: 'trustedDomain', distinguishedName: 'CN=partner.local,CN=System,DC=lab,DC=local', propertyName: 'trustPartner', oldValue: null, newValue: 'partner.local' });
    expect(krbtgtOrTrustChanged.detect(trust, settingsWith(), noHistory)).not.toBeNull();
    expect(krbtgtOrTrustChanged.detect({ ...trust, propertyName: 'trustAttributes', oldValue: '4', newValue: '0' }, settingsWith(), noHistory)).toMatchObject({ severity: 'critical' });
    expect(krbtgtOrTrustChanged.detect({ ...trust, propertyName: 'trustAttributes', oldValue: '0', newValue: '4' }, settingsWith(), noHistory)).toBeNull();
  });
});
