import { UAC } from '@burgwall/shared';
import { describe, expect, it } from 'vitest';
import { cleanSnapshot, user } from '../testing/fixtures';
import { names, run } from '../testing/run';
import { userPasswordNotRequired as check } from './user-password-not-required';

describe('user-password-not-required', () => {
  it('does not trigger on a clean domain or for disabled accounts', () => {
    const snapshot = cleanSnapshot();
    snapshot.users.push(user({ sAMAccountName: 'off', userAccountControl: UAC.NORMAL_ACCOUNT | UAC.PASSWD_NOTREQD | UAC.ACCOUNTDISABLE }));
    expect(run(check, snapshot).affected).toEqual([]);
  });
  it('triggers for an enabled account with PASSWD_NOTREQD', () => {
    const snapshot = cleanSnapshot();
    snapshot.users.push(user({ sAMAccountName: 'empty', userAccountControl: UAC.NORMAL_ACCOUNT | UAC.PASSWD_NOTREQD }));
    expect(names(run(check, snapshot))).toEqual(['empty']);
  });
});
