import { describe, expect, it } from 'vitest';
import { cleanSnapshot, findGroup } from '../testing/fixtures';
import { run } from '../testing/run';
import { preWin2000CompatibleAccess as check } from './pre-win2000-compatible-access';

const fsp = (sid: string) => `CN=${sid},CN=ForeignSecurityPrincipals,DC=test,DC=local`;

describe('pre-win2000-compatible-access', () => {
  it('does not trigger for Authenticated Users (the default of new domains)', () => {
    const snapshot = cleanSnapshot();
    findGroup(snapshot, 'S-1-5-32-554').members.push(fsp('S-1-5-11'));
    expect(run(check, snapshot).affected).toEqual([]);
  });

  it('triggers for Anonymous Logon and Everyone, whatever the group is called', () => {
    const snapshot = cleanSnapshot();
    const group = findGroup(snapshot, 'S-1-5-32-554');
    group.sAMAccountName = 'Prä-Windows 2000 kompatibler Zugriff';
    group.members.push(fsp('S-1-5-7'), fsp('S-1-1-0'));
    expect(run(check, snapshot).affected.map((item) => `${item.name}: ${item.evidence}`)).toEqual([
      'Prä-Windows 2000 kompatibler Zugriff: Mitglied: Anonymous-Anmeldung (S-1-5-7)',
      'Prä-Windows 2000 kompatibler Zugriff: Mitglied: Jeder (S-1-1-0)',
    ]);
  });

  it('triggers for Anonymous Logon as Samba adds it: the well-known principal of the configuration partition, found by its SID', () => {
    const snapshot = cleanSnapshot();
    const anonymous = 'CN=Anonyme Anmeldung,CN=WellKnown Security Principals,CN=Configuration,DC=test,DC=local';
    snapshot.wellKnownPrincipals = [
      { distinguishedName: anonymous, objectSid: 'S-1-5-7' },
      { distinguishedName: 'CN=Authenticated Users,CN=WellKnown Security Principals,CN=Configuration,DC=test,DC=local', objectSid: 'S-1-5-11' },
    ];
    findGroup(snapshot, 'S-1-5-32-554').members.push(anonymous, 'CN=Authenticated Users,CN=WellKnown Security Principals,CN=Configuration,DC=test,DC=local');
    expect(run(check, snapshot).affected.map((item) => item.evidence)).toEqual(['Mitglied: Anonymous-Anmeldung (S-1-5-7)']);
  });
});
