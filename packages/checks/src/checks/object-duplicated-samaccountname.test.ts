import { describe, expect, it } from 'vitest';
import { DOMAIN_DN, cleanSnapshot, computer, user } from '../testing/fixtures';
import { names, run } from '../testing/run';
import { objectDuplicatedSamaccountname as check } from './object-duplicated-samaccountname';

describe('object-duplicated-samaccountname', () => {
  it('does not trigger without conflict objects or duplicate UPNs', () => {
    const snapshot = cleanSnapshot();
    snapshot.users.push(user({ sAMAccountName: 'a', userPrincipalName: 'a@test.local' }), user({ sAMAccountName: 'b', userPrincipalName: 'b@test.local' }));
    expect(run(check, snapshot).affected).toEqual([]);
  });

  it('triggers on CNF: names, $DUPLICATE- accounts and duplicate UPNs', () => {
    const snapshot = cleanSnapshot();
    snapshot.users.push(user({ sAMAccountName: 'jan', distinguishedName: `CN=jan\\0ACNF:0d2b1c3e-1111-4222-8333-444455556666,CN=Users,${DOMAIN_DN}` }));
    snapshot.computers.push(computer({ sAMAccountName: '$DUPLICATE-1f4' }));
    snapshot.users.push(user({ sAMAccountName: 'x1', userPrincipalName: 'Max@test.local' }), user({ sAMAccountName: 'x2', userPrincipalName: 'max@test.local' }));
    expect(names(run(check, snapshot))).toEqual(['$DUPLICATE-1f4', 'jan', 'x1', 'x2']);
  });

  it('triggers for two accounts whose sAMAccountName differs only in case', () => {
    const snapshot = cleanSnapshot();
    snapshot.users.push(user({ sAMAccountName: 'dupuser' }), user({ sAMAccountName: 'DupUser', distinguishedName: 'CN=dupuser2,CN=Users,DC=test,DC=local' }));
    expect(names(run(check, snapshot))).toEqual(['DupUser', 'dupuser']);
  });
});
