import type { IoaDetector } from '../types';
import { addedValues, defaults, finding, isAllowlisted, isProperty } from '../values';

/** Privileged RIDs: 500 Administrator, 512 DA, 516 DCs, 518 SA, 519 EA; builtin Administrators. */
const PRIVILEGED_SID = /(-(500|512|516|518|519)$)|^S-1-5-32-544$/i;

export const sidHistoryAdded: IoaDetector = {
  slug: 'sid-history-added',
  title: 'sIDHistory hinzugefügt',
  description: 'Ein Eintrag in sIDHistory verleiht die Rechte eines anderen Kontos (SID-History-Injektion).',
  severity: 'high',
  defaults: defaults(),
  properties: ['sidhistory'],
  async detect(change, settings, context) {
    if (!isProperty(change, 'sIDHistory')) return null;
    const added = addedValues(change).filter((sid) => !isAllowlisted(settings, sid));
    if (added.length === 0) return null;
    // A SID of the own domain is never the result of a migration: always treated as injection.
    const ownDomain = (await context.directory())?.domainSid;
    const privileged = added.some((sid) => PRIVILEGED_SID.test(sid) || (ownDomain !== undefined && sid.startsWith(`${ownDomain}-`)));
    return finding(this, change, `sIDHistory ${added.join(', ')} auf ${change.distinguishedName}`, { addedSids: added }, privileged ? 'critical' : 'high');
  },
};
