import type { GpLink } from '@burgwall/shared';

/** gPLink '[LDAP://cn={…},cn=policies,…;0][…;2]' -> links (option 1 disabled, 2 enforced). */
export function parseGpLink(value: string | undefined): GpLink[] {
  if (!value) return [];
  const links: GpLink[] = [];
  for (const match of value.matchAll(/\[LDAP:\/\/([^;\]]+);(\d+)\]/gi)) {
    links.push({ gpoDistinguishedName: match[1] as string, options: Number(match[2]) });
  }
  return links;
}
