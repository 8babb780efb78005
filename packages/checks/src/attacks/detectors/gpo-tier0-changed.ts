import type { IoaDetector } from '../types';
import { defaults, finding, isAllowlisted, isProperty } from '../values';

/** Default Domain Policy and Default Domain Controllers Policy; further GPO GUIDs via the allowlist with a "+" prefix. */
const TIER0_GPOS = ['{31b2f340-016d-11d2-945f-00c04fb984f9}', '{6ac1786c-016f-11d2-945f-00c04fb984f9}'];
const GPO_CONTENT_ATTRIBUTES = ['versionnumber', 'gpcmachineextensionnames', 'gpcfilesyspath', 'gpcuserextensionnames'];

export const gpoTier0Changed: IoaDetector = {
  slug: 'gpo-tier0-changed',
  title: 'GPO auf Domäne oder Domain-Controllers-OU geändert',
  description: 'Eine Gruppenrichtlinie, die für Tier-0 gilt, oder deren Verknüpfung wurde geändert.',
  severity: 'high',
  defaults: defaults(),
  properties: [...GPO_CONTENT_ATTRIBUTES, 'gplink'],
  detect(change, settings) {
    if (isProperty(change, 'gPLink')) {
      const tier0Scope = change.objectClass === 'domainDNS' || /^OU=Domain Controllers,/i.test(change.distinguishedName);
      if (!tier0Scope || isAllowlisted(settings, change.distinguishedName)) return null;
      return finding(this, change, `GPO-Verknüpfung auf ${change.distinguishedName} geändert`, { before: change.oldValue, after: change.newValue });
    }
    if (change.objectClass !== 'groupPolicyContainer' || !GPO_CONTENT_ATTRIBUTES.includes(change.propertyName.toLowerCase())) return null;
    const gpoId = change.distinguishedName.match(/\{[0-9a-f-]{36}\}/i)?.[0]?.toLowerCase() ?? '';
    const extra = settings.allowlist.filter((entry) => entry.startsWith('+')).map((entry) => entry.slice(1).toLowerCase());
    if (![...TIER0_GPOS, ...extra].includes(gpoId) || isAllowlisted(settings, gpoId)) return null;
    return finding(this, change, `Tier-0-GPO ${gpoId} geändert (${change.propertyName})`, { gpoId, before: change.oldValue, after: change.newValue });
  },
};
