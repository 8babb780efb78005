import { UAC } from '@burgwall/shared';
import { describe, expect, it } from 'vitest';
import { addMember, cleanSnapshot, findGroup, user } from '../testing/fixtures';
import { names, run } from '../testing/run';
import { privilegedUserDelegatable as check } from './privileged-user-delegatable';

describe('privileged-user-delegatable', () => {
  it('does not trigger for admins marked sensitive or in Protected Users', () => {
    const snapshot = cleanSnapshot();
    const protectedAdmin = user({ sAMAccountName: 'adm-p' });
    snapshot.users.push(protectedAdmin);
    addMember(findGroup(snapshot, 512), protectedAdmin);
    addMember(findGroup(snapshot, 525), protectedAdmin);
    expect(run(check, snapshot).affected).toEqual([]);
  });
  it('triggers for an admin that can be delegated', () => {
    const snapshot = cleanSnapshot();
    const admin = user({ sAMAccountName: 'adm-d', userAccountControl: UAC.NORMAL_ACCOUNT });
    snapshot.users.push(admin);
    addMember(findGroup(snapshot, 512), admin);
    expect(names(run(check, snapshot))).toEqual(['adm-d']);
  });
});
