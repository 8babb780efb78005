import { MULTI_VALUED_CHANGE_PROPERTIES, type ObjectClass } from '@burgwall/shared';
import * as A from '../directory/attributes';
import type { DirectoryRead } from '../directory/read-directory';
import type { LdapEntry } from '../ldap/ldap-entry';
import type { SecurityDescriptor } from '@burgwall/shared';
import { explicitControlAcl } from '../directory/explicit-acl';
import { parseSecurityDescriptor } from '../ldap/security-descriptor';

/** Attribute name -> comparable text value. Multi-valued attributes are a JSON array of the sorted values. */
export type TrackedValues = Record<string, string>;

export interface TrackedObject {
  objectGuid: string;
  objectClass: ObjectClass;
  distinguishedName: string;
  usn: number;
  /** whenChanged of the object (ISO); the change timestamp. */
  changedAt: string | null;
  values: TrackedValues;
}

/** Multi-valued attributes: reported as JSON arrays so one change row holds the full old and new set. */
export const MULTI_VALUED = new Set<string>(MULTI_VALUED_CHANGE_PROPERTIES.map((name) => name.toLowerCase()));
const SID_ATTRIBUTES = new Set(['objectsid', 'sidhistory', 'securityidentifier']);
const DESCRIPTOR_ATTRIBUTES = new Set(['ntsecuritydescriptor', 'msds-allowedtoactonbehalfofotheridentity']);

/** A security descriptor as stable text: owner plus one sorted line per ACE. */
export function descriptorText(buffer: Buffer): string {
  return textOfDescriptor(parseSecurityDescriptor(buffer));
}

function textOfDescriptor(sd: SecurityDescriptor): string {
  const aces = sd.aces
    .map((ace) => [ace.type, ace.trustee, `0x${ace.accessMask.toString(16)}`, ace.objectType ?? '', ace.inheritedObjectType ?? '', ace.flags].join(' '))
    .sort();
  return [`owner ${sd.owner ?? '-'}`, ...aces].join('\n');
}

function valuesOf(entry: LdapEntry, attribute: string): string[] {
  const lower = attribute.toLowerCase();
  if (SID_ATTRIBUTES.has(lower)) return entry.sids(attribute);
  if (DESCRIPTOR_ATTRIBUTES.has(lower)) return entry.buffers(attribute).map(descriptorText);
  return entry.strings(attribute);
}

/** The comparable values of one entry for the given attribute list (absent attributes are left out). */
export function trackedValues(entry: LdapEntry, attributes: readonly string[], extra: Record<string, string> = {}): TrackedValues {
  const values: TrackedValues = {};
  for (const attribute of attributes) {
    const lower = attribute.toLowerCase();
    if (A.VOLATILE_ATTRIBUTES.has(lower) || lower === 'objectguid') continue;
    const list = valuesOf(entry, attribute);
    if (list.length === 0) continue;
    values[attribute] = MULTI_VALUED.has(lower) ? JSON.stringify([...list].sort()) : (list[0] as string);
  }
  return { ...values, ...extra };
}

function tracked(entry: LdapEntry, objectClass: ObjectClass, attributes: readonly string[], extra?: Record<string, string>): TrackedObject {
  const changed = entry.string('whenChanged');
  const iso = changed?.match(/^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})/);
  return {
    objectGuid: entry.guid(),
    objectClass,
    distinguishedName: entry.dn,
    usn: entry.int('uSNChanged') ?? 0,
    changedAt: iso ? `${iso[1]}-${iso[2]}-${iso[3]}T${iso[4]}:${iso[5]}:${iso[6]}.000Z` : null,
    values: trackedValues(entry, attributes, extra),
  };
}

/**
 * Everything of a read that change tracking compares. Accounts, groups and OUs also carry their security descriptor
 * (privileged ones whole, the others their explicit control ACEs, as the snapshot keeps them), so an ACL change on
 * them becomes a change record: the IoAs for rights on Tier 0 and for new attack paths read it.
 */
export function trackedObjectsOf(read: DirectoryRead): TrackedObject[] {
  const acl = (entry: LdapEntry): Record<string, string> => {
    const key = entry.dn.toLowerCase();
    const privileged = read.privilegedAcls.get(key)?.buffer('nTSecurityDescriptor');
    if (privileged) return { nTSecurityDescriptor: descriptorText(privileged) };
    const sd = read.objectAcls.get(key)?.buffer('nTSecurityDescriptor');
    return sd ? { nTSecurityDescriptor: textOfDescriptor(explicitControlAcl(parseSecurityDescriptor(sd))) } : {};
  };
  const objects: TrackedObject[] = [];
  if (read.domain) objects.push(tracked(read.domain, 'domainDNS', A.DOMAIN_ATTRIBUTES));
  for (const entry of read.users) objects.push(tracked(entry, 'user', A.USER_ATTRIBUTES, acl(entry)));
  for (const entry of read.computers) objects.push(tracked(entry, 'computer', A.COMPUTER_ATTRIBUTES, acl(entry)));
  for (const entry of read.groups) objects.push(tracked(entry, 'group', A.GROUP_ATTRIBUTES, acl(entry)));
  for (const entry of read.organizationalUnits) objects.push(tracked(entry, 'organizationalUnit', A.OU_ATTRIBUTES, acl(entry)));
  for (const entry of read.gpos) objects.push(tracked(entry, 'groupPolicyContainer', A.GPO_ATTRIBUTES));
  for (const entry of read.trusts) objects.push(tracked(entry, 'trustedDomain', A.TRUST_ATTRIBUTES));
  for (const entry of read.passwordSettings) objects.push(tracked(entry, 'other', A.PSO_ATTRIBUTES));
  if (read.adminSdHolder) objects.push(tracked(read.adminSdHolder, 'container', A.ADMIN_SD_HOLDER_ATTRIBUTES));
  if (read.directoryService) objects.push(tracked(read.directoryService, 'container', A.DIRECTORY_SERVICE_ATTRIBUTES));
  return objects;
}
