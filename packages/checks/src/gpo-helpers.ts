import type { Gpo, Snapshot } from '@burgwall/shared';

/** GPOs linked (link enabled) at the domain root or an OU, with the computer side not disabled. */
export function appliedGpos(snapshot: Snapshot): Gpo[] {
  const linked = new Set<string>();
  const links = [...snapshot.domain.gpLinks, ...snapshot.organizationalUnits.flatMap((ou) => ou.gpLinks)];
  for (const link of links) if ((link.options & 1) === 0) linked.add(link.gpoDistinguishedName.toLowerCase());
  return snapshot.gpos.filter((gpo) => linked.has(gpo.distinguishedName.toLowerCase()) && (gpo.flags & 2) === 0);
}

/** GPOs linked at the domain root (the only ones that set the domain's account policy). */
export function domainRootGpos(snapshot: Snapshot): Gpo[] {
  const linked = new Set(
    snapshot.domain.gpLinks.filter((link) => (link.options & 1) === 0).map((link) => link.gpoDistinguishedName.toLowerCase()),
  );
  return snapshot.gpos.filter((gpo) => linked.has(gpo.distinguishedName.toLowerCase()) && (gpo.flags & 2) === 0);
}

export interface RegistrySetting {
  source: string;
  key: string;
  valueName: string;
  value: string;
}

const normaliseKey = (key: string) => key.replace(/^(MACHINE|HKEY_LOCAL_MACHINE|HKLM)\\/i, '').toLowerCase();

/** Machine registry values a GPO sets, from GptTmpl.inf, Registry.pol and GPP Registry.xml. */
export function machineRegistryValues(gpo: Gpo): RegistrySetting[] {
  const result: RegistrySetting[] = [];
  for (const [path, raw] of Object.entries(gpo.files.gptTmpl?.['Registry Values'] ?? {})) {
    const cut = path.lastIndexOf('\\');
    // GptTmpl.inf registry values are "<type>,<data>".
    const value = raw.includes(',') ? raw.slice(raw.indexOf(',') + 1) : raw;
    result.push({ source: 'GptTmpl.inf', key: normaliseKey(path.slice(0, cut)), valueName: path.slice(cut + 1), value: value.replace(/^"|"$/g, '') });
  }
  for (const entry of gpo.files.machineRegistryPol) {
    result.push({ source: 'Registry.pol', key: normaliseKey(entry.key), valueName: entry.valueName, value: entry.data });
  }
  for (const [file, text] of Object.entries(gpo.files.preferences)) {
    if (!/registry\.xml$/i.test(file) || !/^machine/i.test(file)) continue;
    for (const tag of text.match(/<Properties\b[^>]*>/gi) ?? []) {
      const attributes = xmlAttributes(tag);
      if (attributes.key === undefined || attributes.name === undefined) continue;
      if ((attributes.action ?? '').toUpperCase() === 'D') continue;
      result.push({ source: 'Registry.xml', key: normaliseKey(attributes.key), valueName: attributes.name, value: attributes.value ?? '' });
    }
  }
  return result;
}

export function xmlAttributes(tag: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const match of tag.matchAll(/([\w:-]+)\s*=\s*"([^"]*)"/g)) {
    attributes[(match[1] as string).toLowerCase()] = decodeXml(match[2] as string);
  }
  return attributes;
}

function decodeXml(text: string): string {
  return text.replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}
