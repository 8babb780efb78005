/**
 * Microsoft's default ACEs that grant write-type rights to principals outside Tier 0: present on every (default)
 * domain, so they never raise an ACL finding. Each entry names its source. Only the exact right on the exact
 * property is allowed: the same trustee with broader rights is still reported.
 */
import type { Ace } from '@burgwall/shared';
import type { CheckGroup } from './check-snapshot';
import { RIGHTS } from './acl';
import type { SnapshotIndex } from './snapshot-index';

export type DefaultAclObject = 'domain' | 'adminSdHolder' | 'tier0Object';

interface DefaultAce {
  objects: readonly DefaultAclObject[];
  /** The trustee: a domain RID or a full (builtin / well-known) SID. */
  trustee: number | string;
  /** The property or property set the right is limited to. */
  objectType: string;
  /** The ACE may grant these bits and no others. */
  mask: number;
  source: string;
}

const READ_PROPERTY = 0x10;
const SDPROP_SOURCE =
  'Microsoft Learn, „Appendix C: Protected Accounts and Groups in Active Directory“ (AdminSDHolder-Standard-ACL), und dsacls „CN=AdminSDHolder,CN=System,…“ auf Windows Server 2022';

export const DEFAULT_ACES: readonly DefaultAce[] = [
  {
    // Cert Publishers may publish certificates into userCertificate of protected accounts.
    objects: ['adminSdHolder', 'tier0Object'],
    trustee: 517,
    objectType: 'bf967a7f-0de6-11d0-a285-00aa003049e2',
    mask: RIGHTS.WRITE_PROPERTY,
    source: SDPROP_SOURCE,
  },
  {
    // Terminal Server License Servers (S-1-5-32-561): terminalServer attribute …
    objects: ['adminSdHolder', 'tier0Object'],
    trustee: 'S-1-5-32-561',
    objectType: '6db69a1c-9422-11d1-aebd-0000f80367c1',
    mask: READ_PROPERTY | RIGHTS.WRITE_PROPERTY,
    source: SDPROP_SOURCE,
  },
  {
    // … and the Terminal-Server-License-Server property set.
    objects: ['adminSdHolder', 'tier0Object'],
    trustee: 'S-1-5-32-561',
    objectType: '5805bc62-bdc9-4428-a5e2-856a0f4c185e',
    mask: READ_PROPERTY | RIGHTS.WRITE_PROPERTY,
    source: SDPROP_SOURCE,
  },
  {
    // Key Admins / Enterprise Key Admins manage msDS-KeyCredentialLink (Windows Hello for Business) from the domain head.
    objects: ['domain'],
    trustee: 527,
    objectType: '5b47d60f-6090-40b2-9f37-2a4de88f3063',
    mask: READ_PROPERTY | RIGHTS.WRITE_PROPERTY,
    source: 'Microsoft Learn, „Windows Hello for Business: Enterprise Key Admins“; Standard-ACL des Domänenkopfs ab Windows Server 2016',
  },
  {
    objects: ['domain'],
    trustee: 526,
    objectType: '5b47d60f-6090-40b2-9f37-2a4de88f3063',
    mask: READ_PROPERTY | RIGHTS.WRITE_PROPERTY,
    source: 'Microsoft Learn, „Windows Hello for Business: Key Admins“; Standard-ACL des Domänenkopfs ab Windows Server 2016',
  },
];

/**
 * Exchange's setup grants its security groups (OU „Microsoft Exchange Security Groups“, no fixed RID) write access
 * to single attributes. Only such property-limited writes are default; GenericAll, WriteDacl or WriteOwner for
 * „Exchange Windows Permissions“ on the domain head is the PrivExchange weakness and stays reported.
 */
function isExchangePropertyWrite(ace: Ace, trustee: CheckGroup | undefined): boolean {
  if (!trustee || !/,OU=Microsoft Exchange Security Groups,/i.test(trustee.distinguishedName)) return false;
  const dangerous = RIGHTS.GENERIC_ALL | RIGHTS.GENERIC_WRITE | RIGHTS.WRITE_DACL | RIGHTS.WRITE_OWNER | RIGHTS.CONTROL_ACCESS;
  return ace.objectType !== null && (ace.accessMask & dangerous) === 0;
}

/** Whether an ACE on `object` is one of Microsoft's (or Exchange's) defaults listed above. */
export function isDefaultAce(object: DefaultAclObject, ace: Ace, index: SnapshotIndex): boolean {
  const trusteeGroup = index.group(ace.trustee);
  if (isExchangePropertyWrite(ace, trusteeGroup)) return true;
  return DEFAULT_ACES.some(
    (entry) =>
      entry.objects.includes(object) &&
      (typeof entry.trustee === 'number' ? index.domainRidSid(entry.trustee) : entry.trustee) === ace.trustee &&
      ace.objectType === entry.objectType &&
      (ace.accessMask & ~entry.mask) === 0,
  );
}
