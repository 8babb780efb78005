import { UAC } from '@burgwall/shared';
import { describe, expect, it } from 'vitest';
import { addMember, cleanSnapshot, findGroup, user } from '../testing/fixtures';
import { names, run } from '../testing/run';
import { privilegedPasswordNeverExpires as check } from './privileged-password-never-expires';

describe('privileged-password-never-expires', () => {
  it('does not trigger for a normal user with a non-expiring password', () => {
    const snapshot = cleanSnapshot();
    snapshot.users.push(user({ sAMAccountName: 'scanner', userAccountControl: UAC.NORMAL_ACCOUNT | UAC.DONT_EXPIRE_PASSWORD }));
    expect(run(check, snapshot).affected).toEqual([]);
  });
  it('triggers for a Server Operator with a non-expiring password', () => {
    const snapshot = cleanSnapshot();
    const svc = user({ sAMAccountName: 'svc-backup', userAccountControl: UAC.NORMAL_ACCOUNT | UAC.DONT_EXPIRE_PASSWORD });
    snapshot.users.push(svc);
    addMember(findGroup(snapshot, 'S-1-5-32-549'), svc);
    expect(names(run(check, snapshot))).toEqual(['svc-backup']);
  });
});
