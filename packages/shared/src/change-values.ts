/**
 * How the collector writes values into attribute changes (AttributeChange.oldValue/newValue):
 * - single-valued attributes: the plain LDAP value ('514', 'Neue Beschreibung', FILETIME ticks for pwdLastSet);
 * - multi-valued attributes (MULTI_VALUED_CHANGE_PROPERTIES): a JSON array of the sorted values, so one change
 *   row holds the whole old and new set (AD bumps one uSNChanged per object, not per value);
 * - SIDs (objectSid, sIDHistory) as 'S-1-5-…' strings;
 * - security descriptors (nTSecurityDescriptor, msDS-AllowedToActOnBehalfOfOtherIdentity) as 'owner <sid>' plus one
 *   sorted line per ACE: '<type> <trustee sid> 0x<mask> <objectType guid> <inheritedObjectType guid> <flags>';
 * - a deleted object: propertyName 'isDeleted', oldValue null, newValue 'TRUE';
 * - an attribute that appeared has oldValue null, one that disappeared has newValue null.
 */
export const MULTI_VALUED_CHANGE_PROPERTIES = [
  'member',
  'servicePrincipalName',
  'sIDHistory',
  'msDS-AllowedToDelegateTo',
  'msDS-KeyCredentialLink',
  'msDS-PSOAppliesTo',
] as const;

/** The values of a change value: a JSON array's items, a plain value as one item, null as none. */
export function changeValueList(value: string | null): string[] {
  if (value === null) return [];
  if (value.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(value);
      if (Array.isArray(parsed) && parsed.every((item) => typeof item === 'string')) return parsed;
    } catch {
      // not JSON: a plain value that happens to start with '['
    }
  }
  return [value];
}

/** Values present after the change but not before (e.g. members added to a group), case-insensitive like AD. */
export function addedValues(change: { oldValue: string | null; newValue: string | null }): string[] {
  const before = new Set(changeValueList(change.oldValue).map((value) => value.toLowerCase()));
  return changeValueList(change.newValue).filter((value) => !before.has(value.toLowerCase()));
}

/** Values present before the change but not after (e.g. members removed from a group). */
export function removedValues(change: { oldValue: string | null; newValue: string | null }): string[] {
  return addedValues({ oldValue: change.newValue, newValue: change.oldValue });
}
