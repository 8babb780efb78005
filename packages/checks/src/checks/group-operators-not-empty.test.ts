import { describe, expect, it } from 'vitest';
import { addMember, cleanSnapshot, findGroup, user } from '../testing/fixtures';
import { names, run } from '../testing/run';
import { groupOperatorsNotEmpty as check } from './group-operators-not-empty';

describe('group-operators-not-empty', () => {
  it('does not trigger while all operator groups are empty', () => {
    expect(run(check, cleanSnapshot()).affected).toEqual([]);
  });
  it('triggers for members of Account and Print Operators', () => {
    const snapshot = cleanSnapshot();
    const a = user({ sAMAccountName: 'helpdesk1' });
    const b = user({ sAMAccountName: 'druck' });
    snapshot.users.push(a, b);
    addMember(findGroup(snapshot, 'S-1-5-32-548'), a);
    addMember(findGroup(snapshot, 'S-1-5-32-550'), b);
    expect(names(run(check, snapshot))).toEqual(['druck', 'helpdesk1']);
  });
});
