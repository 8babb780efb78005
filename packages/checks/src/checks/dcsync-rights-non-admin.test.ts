import { describe, expect, it } from 'vitest';
import { cleanSnapshot, user } from '../testing/fixtures';
import { names, run } from '../testing/run';
import { dcsyncRightsNonAdmin as check } from './dcsync-rights-non-admin';

const GET_CHANGES_ALL = '1131f6ad-9c07-11d1-f79f-00c04fc2dcd2';

describe('dcsync-rights-non-admin', () => {
  it('does not trigger for DCs, Enterprise DCs and Administrators', () => {
    expect(run(check, cleanSnapshot()).affected).toEqual([]);
  });

  it('triggers for a normal user with Get-Changes-All and for GenericAll; MSOL_ is allowlisted by default, not when configured off', () => {
    const snapshot = cleanSnapshot();
    const mallory = user({ sAMAccountName: 'mallory' });
    const helpdesk = user({ sAMAccountName: 'helpdesk' });
    const msol = user({ sAMAccountName: 'MSOL_1a2b3c' });
    snapshot.users.push(mallory, helpdesk, msol);
    const aces = snapshot.domain.securityDescriptor?.aces ?? [];
    aces.push({ type: 'allow-object', trustee: mallory.objectSid, accessMask: 0x100, objectType: GET_CHANGES_ALL, inheritedObjectType: null, flags: 0 });
    aces.push({ type: 'allow', trustee: helpdesk.objectSid, accessMask: 0x10000000, objectType: null, inheritedObjectType: null, flags: 0 });
    aces.push({ type: 'allow-object', trustee: msol.objectSid, accessMask: 0x100, objectType: GET_CHANGES_ALL, inheritedObjectType: null, flags: 0 });
    expect(names(run(check, snapshot))).toEqual(['helpdesk', 'mallory']);
    expect(names(run(check, snapshot, { allowEntraConnect: 0 }))).toEqual(['MSOL_1a2b3c', 'helpdesk', 'mallory']);
  });
});
