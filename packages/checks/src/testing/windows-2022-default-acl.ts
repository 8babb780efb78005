/**
 * The ACLs of the domain head and of AdminSDHolder as a fresh Windows Server 2022 forest ships them (dsacls /
 * Get-Acl of a new domain, explicit and inheritable ACEs), for the default-ACL test: none of them may raise a finding.
 */
import type { SecurityDescriptor } from '@burgwall/shared';

const OBJECT_INHERIT = 0x2; // CONTAINER_INHERIT_ACE
const INHERIT_ONLY = 0x8 | OBJECT_INHERIT;
const USER = 'bf967aba-0de6-11d0-a285-00aa003049e2';
const COMPUTER = 'bf967a86-0de6-11d0-a285-00aa003049e2';
const GROUP = 'bf967a9c-0de6-11d0-a285-00aa003049e2';

const right = (trustee: string, objectType: string, accessMask = 0x100, inheritedObjectType: string | null = null, flags = 0) => ({
  type: 'allow-object' as const,
  trustee,
  accessMask,
  objectType,
  inheritedObjectType,
  flags,
});

export function windows2022DomainHeadAcl(domainSid: string): SecurityDescriptor {
  const rid = (value: number) => `${domainSid}-${value}`;
  return {
    owner: 'S-1-5-32-544',
    aces: [
      { type: 'allow', trustee: 'S-1-5-18', accessMask: 0xf01ff, objectType: null, inheritedObjectType: null, flags: OBJECT_INHERIT },
      { type: 'allow', trustee: rid(512), accessMask: 0xf01bd, objectType: null, inheritedObjectType: null, flags: 0 },
      { type: 'allow', trustee: rid(519), accessMask: 0xf01ff, objectType: null, inheritedObjectType: null, flags: OBJECT_INHERIT },
      { type: 'allow', trustee: 'S-1-5-32-544', accessMask: 0xf01bd, objectType: null, inheritedObjectType: null, flags: OBJECT_INHERIT },
      { type: 'allow', trustee: 'S-1-5-11', accessMask: 0x20094, objectType: null, inheritedObjectType: null, flags: 0 },
      { type: 'allow', trustee: 'S-1-5-9', accessMask: 0x20094, objectType: null, inheritedObjectType: null, flags: OBJECT_INHERIT },
      { type: 'allow', trustee: 'S-1-5-32-554', accessMask: 0x20094, objectType: null, inheritedObjectType: null, flags: 0 },
      // Replication and other extended rights of Administrators, DCs, RODCs and Enterprise DCs.
      ...['1131f6aa-9c07-11d1-f79f-00c04fc2dcd2', '1131f6ad-9c07-11d1-f79f-00c04fc2dcd2', '89e95b76-444d-4c62-991a-0facbeda640c', '1131f6ab-9c07-11d1-f79f-00c04fc2dcd2', '1131f6ac-9c07-11d1-f79f-00c04fc2dcd2'].map((guid) => right('S-1-5-32-544', guid)),
      ...['1131f6aa-9c07-11d1-f79f-00c04fc2dcd2', '1131f6ab-9c07-11d1-f79f-00c04fc2dcd2', '1131f6ac-9c07-11d1-f79f-00c04fc2dcd2', '1131f6ae-9c07-11d1-f79f-00c04fc2dcd2'].map((guid) => right('S-1-5-9', guid)),
      right(rid(498), '1131f6aa-9c07-11d1-f79f-00c04fc2dcd2'),
      right(rid(516), '1131f6ad-9c07-11d1-f79f-00c04fc2dcd2'),
      // Cloneable Domain Controllers: DS-Clone-Domain-Controller.
      right(rid(522), '3e0f7e18-2c7a-4c10-ba82-4d926db99a3e'),
      // Authenticated Users: Unexpire-Password, Update-Password-Not-Required-Bit, Enable-Per-User-Reversibly-Encrypted-Password.
      right('S-1-5-11', 'ccc2dc7d-a6ad-4a7a-8846-c04e3cc53501'),
      right('S-1-5-11', '280f369c-67c7-438e-ae98-1d46f3c6f541'),
      right('S-1-5-11', '05c74c5e-4deb-43b4-bd9f-86664c2a7fd5'),
      // Incoming Forest Trust Builders: Create-Inbound-Forest-Trust.
      right('S-1-5-32-557', 'e2a36dc9-ae17-47c3-b58b-be34c55ba633'),
      // Key Admins / Enterprise Key Admins: msDS-KeyCredentialLink.
      right(rid(526), '5b47d60f-6090-40b2-9f37-2a4de88f3063', 0x30, null, OBJECT_INHERIT),
      right(rid(527), '5b47d60f-6090-40b2-9f37-2a4de88f3063', 0x30, null, OBJECT_INHERIT),
      // Windows Authorization Access Group reads tokenGroupsGlobalAndUniversal of users and computers.
      right('S-1-5-32-560', '46a9b11d-60ae-405a-b7e8-ff8a58d456d2', 0x10, USER, INHERIT_ONLY),
      right('S-1-5-32-560', '46a9b11d-60ae-405a-b7e8-ff8a58d456d2', 0x10, COMPUTER, INHERIT_ONLY),
      // Terminal Server License Servers on users (inherit only).
      right('S-1-5-32-561', '5805bc62-bdc9-4428-a5e2-856a0f4c185e', 0x30, USER, INHERIT_ONLY),
      right('S-1-5-32-561', '6db69a1c-9422-11d1-aebd-0000f80367c1', 0x30, USER, INHERIT_ONLY),
      // Pre-Windows 2000 Compatible Access reads users, groups and computers (inherit only).
      { type: 'allow', trustee: 'S-1-5-32-554', accessMask: 0x20094, objectType: null, inheritedObjectType: USER, flags: INHERIT_ONLY },
      { type: 'allow', trustee: 'S-1-5-32-554', accessMask: 0x20094, objectType: null, inheritedObjectType: GROUP, flags: INHERIT_ONLY },
      // CREATOR OWNER and SELF: validated writes on computers they create (inherit only).
      right('S-1-3-0', '9b026da6-0d3c-465c-8bee-5199d7165cba', 0x8, COMPUTER, INHERIT_ONLY),
      right('S-1-5-10', '9b026da6-0d3c-465c-8bee-5199d7165cba', 0x8, COMPUTER, INHERIT_ONLY),
      right('S-1-5-10', '5b47d60f-6090-40b2-9f37-2a4de88f3063', 0x30, null, OBJECT_INHERIT),
    ],
  };
}

export function windows2022AdminSdHolderAcl(domainSid: string): SecurityDescriptor {
  const rid = (value: number) => `${domainSid}-${value}`;
  return {
    owner: rid(512),
    aces: [
      { type: 'allow', trustee: 'S-1-5-18', accessMask: 0xf01ff, objectType: null, inheritedObjectType: null, flags: 0 },
      { type: 'allow', trustee: rid(512), accessMask: 0xf01bd, objectType: null, inheritedObjectType: null, flags: 0 },
      { type: 'allow', trustee: rid(519), accessMask: 0xf01bd, objectType: null, inheritedObjectType: null, flags: 0 },
      { type: 'allow', trustee: 'S-1-5-32-544', accessMask: 0xf01bd, objectType: null, inheritedObjectType: null, flags: 0 },
      { type: 'allow', trustee: 'S-1-5-11', accessMask: 0x20094, objectType: null, inheritedObjectType: null, flags: 0 },
      { type: 'allow', trustee: 'S-1-5-10', accessMask: 0x20094, objectType: null, inheritedObjectType: null, flags: 0 },
      // Everyone and SELF: User-Change-Password.
      right('S-1-1-0', 'ab721a53-1e2f-11d0-9819-00aa0040529b'),
      right('S-1-5-10', 'ab721a53-1e2f-11d0-9819-00aa0040529b'),
      // Cert Publishers: userCertificate.
      right(rid(517), 'bf967a7f-0de6-11d0-a285-00aa003049e2', 0x20),
      // Terminal Server License Servers: terminalServer and the Terminal-Server-License-Server property set.
      right('S-1-5-32-561', '6db69a1c-9422-11d1-aebd-0000f80367c1', 0x30),
      right('S-1-5-32-561', '5805bc62-bdc9-4428-a5e2-856a0f4c185e', 0x30),
      // Windows Authorization Access Group: tokenGroupsGlobalAndUniversal.
      right('S-1-5-32-560', '46a9b11d-60ae-405a-b7e8-ff8a58d456d2', 0x10),
      // Pre-Windows 2000 Compatible Access: General-Information, Group-Membership, Remote-Access-Information, Account-Restrictions, Logon-Information.
      ...['59ba2f42-79a2-11d0-9020-00c04fc2d3cf', 'bc0ac240-79a9-11d0-9020-00c04fc2d4cf', '037088f8-0ae1-11d2-b422-00a0c968f939', '4c164200-20c0-11d0-a768-00aa006e0529', '5f202010-79a5-11d0-9020-00c04fc2d4cf'].map((guid) => right('S-1-5-32-554', guid, 0x10)),
    ],
  };
}
