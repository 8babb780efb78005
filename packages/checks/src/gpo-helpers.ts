import type { GpLink, Gpo } from '@burgwall/shared';
import type { CheckSnapshot } from './check-snapshot';
import { type AffectedObject, type CheckOutcome, found, skipped } from './types';

/** GPOs linked (link enabled) at the domain root or an OU, with the computer side not disabled. */
export function appliedGpos(snapshot: CheckSnapshot): Gpo[] {
  const linked = new Set<string>();
  const links = [...snapshot.domain.gpLinks, ...snapshot.organizationalUnits.flatMap((ou) => ou.gpLinks)];
  for (const link of links) if ((link.options & 1) === 0) linked.add(link.gpoDistinguishedName.toLowerCase());
  return snapshot.gpos.filter((gpo) => linked.has(gpo.distinguishedName.toLowerCase()) && (gpo.flags & 2) === 0);
}

/** GPOs linked at the domain root (the only ones that set the domain's account policy). */
export function domainRootGpos(snapshot: CheckSnapshot): Gpo[] {
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

/**
 * The outcome of a check that reads GPO files: its findings when it has any (they are real); otherwise, when the
 * SYSVOL files of one of the GPOs it had to read could not be read, „Nicht geprüft“ with the reason — an unread
 * GPO is never reported as „kein Befund“.
 */
export function gpoOutcome(affected: AffectedObject[], gposRead: readonly Gpo[]): CheckOutcome {
  if (affected.length > 0) return found(affected);
  const unreadable = gposRead.filter((gpo) => gpo.files.readError !== null);
  if (unreadable.length === 0) return found([]);
  const listed = unreadable.slice(0, 3).map((gpo) => `„${gpo.displayName}“ (${gpo.files.readError ?? ''})`);
  const more = unreadable.length > 3 ? ` und ${unreadable.length - 3} weitere` : '';
  return skipped(`SYSVOL-Dateien nicht lesbar: ${listed.join(', ')}${more}`);
}

const LINK_DISABLED = 1;
const LINK_ENFORCED = 2;
const COMPUTER_SIDE_DISABLED = 2;

/**
 * The GPOs that apply to the domain controllers, in the order Windows applies them (last wins), per MS-GPOL: domain
 * links, then links on OU=Domain Controllers (skipping non-enforced domain links if the OU blocks inheritance), then
 * enforced links, higher container last. Within one gPLink the last entry has link order 1 (highest precedence).
 * Disabled links and GPOs with a disabled computer side are left out. Site links are not collected.
 */
export function domainControllerGpos(snapshot: CheckSnapshot): Gpo[] {
  const byDn = new Map(snapshot.gpos.map((gpo) => [gpo.distinguishedName.toLowerCase(), gpo]));
  const dcOu = snapshot.organizationalUnits.find((ou) => /^OU=Domain Controllers,/i.test(ou.distinguishedName));
  const enabled = (links: readonly GpLink[]) => links.filter((link) => (link.options & LINK_DISABLED) === 0);
  const domainLinks = enabled(snapshot.domain.gpLinks);
  const ouLinks = enabled(dcOu?.gpLinks ?? []);
  const isEnforced = (link: GpLink) => (link.options & LINK_ENFORCED) !== 0;
  const order = [
    ...(dcOu?.blockInheritance ? [] : domainLinks.filter((link) => !isEnforced(link))),
    ...ouLinks.filter((link) => !isEnforced(link)),
    ...ouLinks.filter(isEnforced),
    ...domainLinks.filter(isEnforced),
  ];
  return order
    .map((link) => byDn.get(link.gpoDistinguishedName.toLowerCase()))
    .filter((gpo): gpo is Gpo => gpo !== undefined && (gpo.flags & COMPUTER_SIDE_DISABLED) === 0);
}

export interface EffectiveSetting extends RegistrySetting {
  gpo: Gpo;
}

/** The value of a machine registry setting on the domain controllers after GPO precedence; null when no GPO sets it. */
export function effectiveDcRegistryValue(snapshot: CheckSnapshot, key: string, valueName: string): EffectiveSetting | null {
  let effective: EffectiveSetting | null = null;
  const wantedKey = key.toLowerCase();
  for (const gpo of domainControllerGpos(snapshot)) {
    for (const setting of machineRegistryValues(gpo)) {
      if (setting.key === wantedKey && setting.valueName.toLowerCase() === valueName.toLowerCase()) effective = { ...setting, gpo };
    }
  }
  return effective;
}
