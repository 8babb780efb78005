import { describe, expect, it } from 'vitest';
import { addMember, cleanSnapshot, findGroup, user } from '../testing/fixtures';
import { names, run } from '../testing/run';
import { privilegedUserSpn as check } from './privileged-user-spn';

describe('privileged-user-spn', () => {
  it('does not trigger for a non-admin service account', () => {
    const snapshot = cleanSnapshot();
    snapshot.users.push(user({ sAMAccountName: 'svc-app', servicePrincipalNames: ['http/app'] }));
    expect(run(check, snapshot).affected).toEqual([]);
  });
  it('triggers for a Domain Admin with SPN', () => {
    const snapshot = cleanSnapshot();
    const svc = user({ sAMAccountName: 'svc-sql', servicePrincipalNames: ['MSSQLSvc/sql01:1433'] });
    snapshot.users.push(svc);
    addMember(findGroup(snapshot, 512), svc);
    expect(names(run(check, snapshot))).toEqual(['svc-sql']);
  });
});
