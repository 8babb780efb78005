import { describe, expect, it } from 'vitest';
import { germanDirectory, noHistory, settingsWith, testChange, testContext } from '../test-change';
import { krbtgtOrTrustChanged } from './krbtgt-or-trust-changed';

describe('krbtgtOrTrustChanged', () => {
  const context = testContext({ directory: () => Promise.resolve(germanDirectory()) });
  const renamedKrbtgt = testChange({ objectGuid: '00000000-0000-4000-9000-000000000502', distinguishedName: 'CN=kdc-dienst,CN=Users,DC=lab,DC=local', propertyName: 'pwdLastSet', oldValue: '1', newValue: '2' });

  it('reports a password change of krbtgt, found by RID 502 although renamed, as information', async () => {
    expect(await krbtgtOrTrustChanged.detect(renamedKrbtgt, settingsWith(), context)).toMatchObject({
      severity: 'info',
      title: 'krbtgt-Passwort geändert',
      evidence: { account: 'kdc-dienst' },
    });
  });

  it('ignores an account merely called krbtgt, and cannot tell without a snapshot', async () => {
    const impostor = testChange({ objectGuid: '00000000-0000-4000-9000-000000000777', distinguishedName: 'CN=krbtgt,OU=Test,DC=lab,DC=local', propertyName: 'pwdLastSet', oldValue: '1', newValue: '2' });
    expect(await krbtgtOrTrustChanged.detect(impostor, settingsWith(), context)).toBeNull();
    expect(await krbtgtOrTrustChanged.detect(renamedKrbtgt, settingsWith(), noHistory)).toBeNull();
  });
  it('reports a new trust and a trust losing SID filtering', async () => {
    const trust = testChange({ objectClass: 'trustedDomain', distinguishedName: 'CN=partner.local,CN=System,DC=lab,DC=local', propertyName: 'trustPartner', oldValue: null, newValue: 'partner.local' });
    expect(await krbtgtOrTrustChanged.detect(trust, settingsWith(), noHistory)).not.toBeNull();
    expect(await krbtgtOrTrustChanged.detect({ ...trust, propertyName: 'trustAttributes', oldValue: '4', newValue: '0' }, settingsWith(), noHistory)).toMatchObject({ severity: 'critical' });
    expect(await krbtgtOrTrustChanged.detect({ ...trust, propertyName: 'trustAttributes', oldValue: '0', newValue: '4' }, settingsWith(), noHistory)).toBeNull();
  });
});
