import { describe, expect, it } from 'vitest';
import { cleanSnapshot, sid } from '../testing/fixtures';
import { run } from '../testing/run';
import { gpoWritableByNonAdmins as check } from './gpo-writable-by-non-admins';

describe('gpo-writable-by-non-admins', () => {
  it('does not trigger for the default GPO ACL (admins edit, Authenticated Users read and apply, CREATOR OWNER inherit-only)', () => {
    const snapshot = cleanSnapshot();
    const policy = snapshot.gpos[0];
    if (policy) {
      policy.securityDescriptor = {
        owner: sid(512),
        aces: [
          { type: 'allow', trustee: sid(512), accessMask: 0xf00ff, objectType: null, inheritedObjectType: null, flags: 0 },
          { type: 'allow', trustee: sid(519), accessMask: 0xf00ff, objectType: null, inheritedObjectType: null, flags: 0 },
          { type: 'allow', trustee: 'S-1-5-18', accessMask: 0xf00ff, objectType: null, inheritedObjectType: null, flags: 0 },
          { type: 'allow', trustee: 'S-1-5-11', accessMask: 0x20094, objectType: null, inheritedObjectType: null, flags: 0 },
          { type: 'allow-object', trustee: 'S-1-5-11', accessMask: 0x100, objectType: 'edacfd8f-ffb3-11d1-b41d-00a0c968f939', inheritedObjectType: null, flags: 0 },
          { type: 'allow', trustee: 'S-1-3-0', accessMask: 0xf00ff, objectType: null, inheritedObjectType: null, flags: 0xa },
        ],
      };
    }
    expect(run(check, snapshot).affected).toEqual([]);
  });

  it('triggers for a helpdesk group with edit rights and a non-admin owner', () => {
    const snapshot = cleanSnapshot();
    const policy = snapshot.gpos[0];
    if (policy) policy.securityDescriptor = { owner: sid(1300), aces: [{ type: 'allow', trustee: sid(1301), accessMask: 0x40000 | 0x20, objectType: null, inheritedObjectType: null, flags: 0 }] };
    expect(run(check, snapshot).affected.map((item) => item.evidence)).toEqual([
      `${sid(1300)}: Besitzer`,
      `${sid(1301)}: Berechtigungen ändern (WriteDacl), Alle Eigenschaften schreiben`,
    ]);
  });
});
