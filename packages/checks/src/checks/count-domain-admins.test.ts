import { UAC } from '@burgwall/shared';
import { describe, expect, it } from 'vitest';
import { addMember, cleanSnapshot, findGroup, group, sid, user } from '../testing/fixtures';
import { run } from '../testing/run';
import { countDomainAdmins as check } from './count-domain-admins';

function withAdmins(count: number) {
  const snapshot = cleanSnapshot();
  const admins = findGroup(snapshot, 512);
  // One via a nested group, one via primaryGroupID, the rest direct; Administrator is already a member.
  const nested = group({ sAMAccountName: 'Tier0-Admins', objectSid: sid(1500) });
  snapshot.groups.push(nested);
  addMember(admins, nested);
  for (let i = 1; i < count; i++) {
    const account = user({ sAMAccountName: `admin${i}`, ...(i === 2 ? { primaryGroupId: 512 } : {}) });
    snapshot.users.push(account);
    if (i === 1) addMember(nested, account);
    else if (i !== 2) addMember(admins, account);
  }
  return snapshot;
}

describe('count-domain-admins', () => {
  it('does not trigger at the default limit of 5 enabled admins (edge)', () => {
    expect(run(check, withAdmins(5)).affected).toEqual([]);
  });

  it('triggers at 6 enabled admins counting nested and primary-group members', () => {
    const outcome = run(check, withAdmins(6));
    expect(outcome.affected).toHaveLength(6);
    expect(outcome.affected.map((item) => item.name)).toEqual(expect.arrayContaining(['Administrator', 'admin1', 'admin2']));
  });

  it('ignores disabled admins', () => {
    const snapshot = withAdmins(6);
    const admin = snapshot.users.find((candidate) => candidate.sAMAccountName === 'admin3');
    if (admin) admin.userAccountControl |= UAC.ACCOUNTDISABLE;
    expect(run(check, snapshot).affected).toEqual([]);
  });

  it('honours a configured limit (edge: limit 2 with 3 admins triggers, limit 3 does not)', () => {
    expect(run(check, withAdmins(3), { maxDomainAdmins: 2 }).affected).toHaveLength(3);
    expect(run(check, withAdmins(3), { maxDomainAdmins: 3 }).affected).toEqual([]);
  });
});
