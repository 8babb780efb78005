import { UAC } from '@burgwall/shared';
import { describe, expect, it } from 'vitest';
import { addMember, cleanSnapshot, daysAgo, findGroup, user } from '../testing/fixtures';
import { names, run } from '../testing/run';
import { privilegedUserDeactivated as check } from './privileged-user-deactivated';

describe('privileged-user-deactivated', () => {
  it('does not trigger for enabled admins or disabled non-admins', () => {
    const snapshot = cleanSnapshot();
    snapshot.users.push(user({ sAMAccountName: 'old', userAccountControl: UAC.NORMAL_ACCOUNT | UAC.ACCOUNTDISABLE }));
    expect(run(check, snapshot).affected).toEqual([]);
  });

  it('triggers for a disabled Domain Admin and an expired Backup Operator', () => {
    const snapshot = cleanSnapshot();
    const disabled = user({ sAMAccountName: 'ex-admin', userAccountControl: UAC.NORMAL_ACCOUNT | UAC.ACCOUNTDISABLE });
    const expired = user({ sAMAccountName: 'backup', accountExpires: daysAgo(1) });
    const future = user({ sAMAccountName: 'contractor', accountExpires: daysAgo(-1) });
    snapshot.users.push(disabled, expired, future);
    addMember(findGroup(snapshot, 512), disabled);
    addMember(findGroup(snapshot, 'S-1-5-32-551'), expired);
    addMember(findGroup(snapshot, 'S-1-5-32-551'), future);
    const outcome = run(check, snapshot);
    expect(names(outcome)).toEqual(['backup', 'ex-admin']);
    expect(outcome.affected.find((item) => item.name === 'ex-admin')?.evidence).toContain('Domain Admins');
  });
});
