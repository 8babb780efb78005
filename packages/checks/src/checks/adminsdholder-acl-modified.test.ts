import { describe, expect, it } from 'vitest';
import { cleanSnapshot, user } from '../testing/fixtures';
import { names, run } from '../testing/run';
import { adminsdholderAclModified as check } from './adminsdholder-acl-modified';

describe('adminsdholder-acl-modified', () => {
  it('does not trigger on the default ACL (read for Authenticated Users and Everyone)', () => {
    expect(run(check, cleanSnapshot()).affected).toEqual([]);
  });
  it('triggers for a write ACE of a non-Tier-0 user', () => {
    const snapshot = cleanSnapshot();
    const backdoor = user({ sAMAccountName: 'backdoor' });
    snapshot.users.push(backdoor);
    snapshot.adminSdHolder?.aces.push({ type: 'allow', trustee: backdoor.objectSid, accessMask: 0x40000, objectType: null, inheritedObjectType: null, flags: 0 });
    snapshot.adminSdHolder?.aces.push({ type: 'deny', trustee: 'S-1-1-0', accessMask: 0x10000000, objectType: null, inheritedObjectType: null, flags: 0 });
    expect(names(run(check, snapshot))).toEqual(['backdoor']);
  });
});
