import { describe, expect, it } from 'vitest';
import { addMember, cleanSnapshot, findGroup, findUser, group, sid, user } from '../testing/fixtures';
import { names, run } from '../testing/run';
import { groupRodcNotEmpty as check } from './group-rodc-not-empty';

describe('group-rodc-not-empty', () => {
  it('does not trigger while the Allowed RODC Password Replication Group is empty', () => {
    expect(run(check, cleanSnapshot()).affected).toEqual([]);
  });

  it('triggers for direct and nested members and marks privileged ones', () => {
    const snapshot = cleanSnapshot();
    const allowed = findGroup(snapshot, 571);
    const branch = group({ sAMAccountName: 'Filiale-Nord', objectSid: sid(1600) });
    const bob = user({ sAMAccountName: 'bob' });
    snapshot.groups.push(branch);
    snapshot.users.push(bob);
    addMember(allowed, branch);
    addMember(branch, bob);
    addMember(allowed, findUser(snapshot, 'Administrator'));
    const outcome = run(check, snapshot);
    expect(names(outcome)).toEqual(['Administrator', 'Filiale-Nord', 'bob']);
    expect(outcome.affected.find((item) => item.name === 'bob')?.evidence).toContain('Verschachteltes');
  });
});
