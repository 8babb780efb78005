import type { AttributeChange } from '@burgwall/shared';
import type { LdapSession } from '../ldap/ldap-session';

/** When, where and how often an attribute was last changed (the DC's replication metadata). */
export interface AttributeOrigin {
  /** ftimeLastOriginatingChange, ISO. */
  changedAt: string;
  version: number;
  /** DN of the originating DC's NTDS settings (null when the DC does not say). */
  originatingDsa: string | null;
}

const tag = (xml: string, name: string) => xml.match(new RegExp(`<${name}>([^<]*)</${name}>`))?.[1] ?? null;

/**
 * msDS-ReplAttributeMetaData / msDS-ReplValueMetaData (XML per attribute or linked value) -> the latest origin per
 * attribute (lower-case name). For linked attributes such as member, the newest value change is the attribute's.
 */
export function originsOf(xmlValues: readonly string[]): Map<string, AttributeOrigin> {
  const origins = new Map<string, AttributeOrigin>();
  for (const xml of xmlValues) {
    const name = tag(xml, 'pszAttributeName')?.toLowerCase();
    const time = tag(xml, 'ftimeLastOriginatingChange');
    if (!name || !time) continue;
    const changedAt = new Date(time);
    if (Number.isNaN(changedAt.getTime()) || changedAt.getUTCFullYear() < 1700) continue;
    const origin = { changedAt: changedAt.toISOString(), version: Number(tag(xml, 'dwVersion') ?? 0), originatingDsa: tag(xml, 'pszLastOriginatingDsaDN') || null };
    const known = origins.get(name);
    if (!known || known.changedAt < origin.changedAt) origins.set(name, origin);
  }
  return origins;
}

/** More changed objects than this in one cycle keep whenChanged (one extra base read per object). */
const MAX_OBJECTS = 500;

/**
 * The time of each attribute change from the object's replication metadata instead of whenChanged at read time
 * (these constructed attributes are only returned by base-scope reads).
 */
export async function withReplicationTimes(session: LdapSession, changes: AttributeChange[]): Promise<AttributeChange[]> {
  const dns = [...new Set(changes.filter((change) => change.propertyName !== 'isDeleted').map((change) => change.distinguishedName))];
  if (dns.length === 0 || dns.length > MAX_OBJECTS) return changes;
  const originsByDn = new Map<string, Map<string, AttributeOrigin>>();
  await Promise.all(
    dns.map(async (dn) => {
      const entry = await session.read(dn, ['msDS-ReplAttributeMetaData', 'msDS-ReplValueMetaData']).catch(() => null);
      if (entry) originsByDn.set(dn, originsOf([...entry.strings('msDS-ReplAttributeMetaData'), ...entry.strings('msDS-ReplValueMetaData')]));
    }),
  );
  return changes.map((change) => {
    const origin = originsByDn.get(change.distinguishedName)?.get(change.propertyName.toLowerCase());
    // The time, the originating DC and the version go to the server with the change (change history „Ursprungs-DC“).
    return origin ? { ...change, timestamp: origin.changedAt, originatingDsa: origin.originatingDsa, version: origin.version } : change;
  });
}
