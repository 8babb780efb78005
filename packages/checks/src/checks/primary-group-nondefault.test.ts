import { describe, expect, it } from 'vitest';
import { cleanSnapshot, computer, user } from '../testing/fixtures';
import { names, run } from '../testing/run';
import { primaryGroupNondefault as check } from './primary-group-nondefault';

describe('primary-group-nondefault', () => {
  it('does not trigger for 513 users, 515 computers and 516 DCs', () => {
    expect(run(check, cleanSnapshot()).affected).toEqual([]);
  });
  it('triggers for a user with primary group Domain Admins and a computer with 516', () => {
    const snapshot = cleanSnapshot();
    snapshot.users.push(user({ sAMAccountName: 'hidden', primaryGroupId: 512 }));
    snapshot.computers.push(computer({ sAMAccountName: 'FAKE$', primaryGroupId: 516 }));
    const outcome = run(check, snapshot);
    expect(names(outcome)).toEqual(['FAKE$', 'hidden']);
  });
});
