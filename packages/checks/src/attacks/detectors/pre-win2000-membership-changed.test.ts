import { describe, expect, it } from 'vitest';
import { SAMBA_ANONYMOUS_LOGON, germanDirectory, settingsWith, testChange, testContext } from '../test-change';
import { preWin2000MembershipChanged } from './pre-win2000-membership-changed';

describe('preWin2000MembershipChanged', () => {
  const context = testContext({ directory: () => Promise.resolve(germanDirectory()) });
  const change = testChange({
    objectGuid: '00000000-0000-4000-9000-000000000554',
    objectClass: 'group',
    distinguishedName: 'CN=Prä-Windows 2000 kompatibler Zugriff,CN=Builtin,DC=lab,DC=local',
    propertyName: 'member',
    oldValue: '[]',
    newValue: '["CN=S-1-5-7,CN=ForeignSecurityPrincipals,DC=lab,DC=local"]',
  });
  it('triggers critical for Anonymous Logon added to the German-named group (by SID S-1-5-32-554)', async () => {
    expect(await preWin2000MembershipChanged.detect(change, settingsWith(), context)).toMatchObject({ severity: 'critical', title: 'Anonymous-Anmeldung zu „Prä-Windows 2000 kompatibler Zugriff“ hinzugefügt' });
  });
  it('triggers critical for Anonymous Logon as Samba adds it (the well-known principal object, known by its SID)', async () => {
    const samba = { ...change, newValue: JSON.stringify([SAMBA_ANONYMOUS_LOGON]) };
    expect(await preWin2000MembershipChanged.detect(samba, settingsWith(), context)).toMatchObject({ severity: 'critical', title: 'Anonymous-Anmeldung zu „Prä-Windows 2000 kompatibler Zugriff“ hinzugefügt' });
  });
  it('is high, not critical, for an ordinary member', async () => {
    const ordinary = { ...change, newValue: '["CN=Vertrieb,OU=Gruppen,DC=lab,DC=local"]' };
    expect(await preWin2000MembershipChanged.detect(ordinary, settingsWith(), context)).toMatchObject({ severity: 'high', title: 'Vertrieb zu „Prä-Windows 2000 kompatibler Zugriff“ hinzugefügt' });
  });
  it('does not trigger for other groups or removals', async () => {
    expect(await preWin2000MembershipChanged.detect({ ...change, objectGuid: '00000000-0000-4000-9000-000000001202', distinguishedName: 'CN=Vertrieb,OU=Gruppen,DC=lab,DC=local' }, settingsWith(), context)).toBeNull();
    expect(await preWin2000MembershipChanged.detect({ ...change, oldValue: change.newValue, newValue: '[]' }, settingsWith(), context)).toBeNull();
  });
});
