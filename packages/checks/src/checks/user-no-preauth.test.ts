import { UAC } from '@burgwall/shared';
import { describe, expect, it } from 'vitest';
import { cleanSnapshot, user } from '../testing/fixtures';
import { names, run } from '../testing/run';
import { userNoPreauth as check } from './user-no-preauth';

describe('user-no-preauth', () => {
  it('does not trigger for a disabled account with the flag', () => {
    const snapshot = cleanSnapshot();
    snapshot.users.push(user({ sAMAccountName: 'off', userAccountControl: UAC.NORMAL_ACCOUNT | UAC.DONT_REQ_PREAUTH | UAC.ACCOUNTDISABLE }));
    expect(run(check, snapshot).affected).toEqual([]);
  });
  it('triggers for an enabled account without pre-authentication', () => {
    const snapshot = cleanSnapshot();
    snapshot.users.push(user({ sAMAccountName: 'asrep', userAccountControl: UAC.NORMAL_ACCOUNT | UAC.DONT_REQ_PREAUTH }));
    expect(names(run(check, snapshot))).toEqual(['asrep']);
  });
});
