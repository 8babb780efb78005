import { describe, expect, it } from 'vitest';
import { addMember, cleanSnapshot, findGroup, findUser, sid, user } from '../testing/fixtures';
import { names, run } from '../testing/run';
import { dnsadminsMembers as check } from './dnsadmins-members';

describe('dnsadmins-members', () => {
  it('does not trigger for a Domain Admin in DnsAdmins', () => {
    const snapshot = cleanSnapshot();
    addMember(findGroup(snapshot, 1101), findUser(snapshot, 'Administrator'));
    expect(run(check, snapshot).affected).toEqual([]);
  });
  it('triggers for a non-admin member', () => {
    const snapshot = cleanSnapshot();
    const dns = user({ sAMAccountName: 'dns-helper' });
    snapshot.users.push(dns);
    addMember(findGroup(snapshot, sid(1101)), dns);
    expect(names(run(check, snapshot))).toEqual(['dns-helper']);
  });
});
