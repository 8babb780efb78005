import { UAC } from '@burgwall/shared';
import { describe, expect, it } from 'vitest';
import { cleanSnapshot, computer, sid, user } from '../testing/fixtures';
import { names, run } from '../testing/run';
import { computerDcNoConstrainedDelegation as check, spnHost } from './computer-dc-no-constrained-delegation';

describe('computer-dc-no-constrained-delegation', () => {
  it('does not trigger for delegation to a member server', () => {
    const snapshot = cleanSnapshot();
    snapshot.computers.push(computer({ sAMAccountName: 'WEB01$', allowedToDelegateTo: ['http/app01.test.local'] }));
    expect(run(check, snapshot).affected).toEqual([]);
  });

  it('triggers for KCD to a DC by FQDN or short name, with protocol transition noted', () => {
    const snapshot = cleanSnapshot();
    snapshot.computers.push(computer({ sAMAccountName: 'APP01$', allowedToDelegateTo: ['ldap/DC01.test.local/test.local'] }));
    snapshot.users.push(user({ sAMAccountName: 'svc-web', userAccountControl: UAC.NORMAL_ACCOUNT | UAC.TRUSTED_TO_AUTH_FOR_DELEGATION, allowedToDelegateTo: ['cifs/dc01'] }));
    const outcome = run(check, snapshot);
    expect(names(outcome)).toEqual(['APP01$', 'svc-web']);
    expect(outcome.affected.find((item) => item.name === 'svc-web')?.evidence).toContain('Protokollübergang');
  });

  it('triggers for RBCD set on a DC', () => {
    const snapshot = cleanSnapshot();
    const dc = snapshot.computers.find((candidate) => candidate.isDomainController);
    dc?.allowedToActOnBehalfOf.push(sid(3999));
    expect(names(run(check, snapshot))).toEqual(['DC01$']);
  });

  it('parses SPN hosts with ports and service names', () => {
    expect(spnHost('ldap/DC01.test.local:389/test.local')).toBe('dc01.test.local');
  });
});
