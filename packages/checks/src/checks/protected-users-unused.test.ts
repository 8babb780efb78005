import { describe, expect, it } from 'vitest';
import { addMember, cleanSnapshot, findGroup, user } from '../testing/fixtures';
import { names, run } from '../testing/run';
import { protectedUsersUnused as check } from './protected-users-unused';

describe('protected-users-unused', () => {
  it('does not trigger when every admin is in Protected Users', () => {
    expect(run(check, cleanSnapshot()).affected).toEqual([]);
  });
  it('triggers for an admin outside Protected Users, not for admin service accounts (SPN)', () => {
    const snapshot = cleanSnapshot();
    const admin = user({ sAMAccountName: 'adm-x' });
    const service = user({ sAMAccountName: 'svc-x', servicePrincipalNames: ['http/x'] });
    snapshot.users.push(admin, service);
    addMember(findGroup(snapshot, 512), admin);
    addMember(findGroup(snapshot, 512), service);
    expect(names(run(check, snapshot))).toEqual(['adm-x']);
  });
});
