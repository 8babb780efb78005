import { describe, expect, it } from 'vitest';
import { addMember, cleanSnapshot, findGroup, findUser } from '../testing/fixtures';
import { names, run } from '../testing/run';
import { groupEnterpriseAdminsNotEmpty as check } from './group-enterprise-admins-not-empty';

describe('group-enterprise-admins-not-empty', () => {
  it('does not trigger while empty', () => {
    expect(run(check, cleanSnapshot()).affected).toEqual([]);
  });
  it('triggers for a member', () => {
    const snapshot = cleanSnapshot();
    addMember(findGroup(snapshot, 519), findUser(snapshot, 'Administrator'));
    expect(names(run(check, snapshot))).toEqual(['Administrator']);
  });
});
