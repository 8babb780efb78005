import type { IoaDetector } from '../types';
import { defaults, finding, isAllowlisted, isProperty, numberValue } from '../values';

const PRIVILEGED_RIDS = new Set([512, 516, 518, 519, 544]);

export const primaryGroupHijack: IoaDetector = {
  slug: 'primary-group-hijack',
  title: 'Primäre Gruppe auf privilegierte Gruppe gesetzt',
  description: 'primaryGroupID zeigt auf eine privilegierte Gruppe; die Mitgliedschaft ist in „member“ unsichtbar.',
  severity: 'critical',
  defaults: defaults(),
  properties: ['primarygroupid'],
  detect(change, settings) {
    if (!isProperty(change, 'primaryGroupID')) return null;
    const rid = numberValue(change.newValue);
    if (rid === null || !PRIVILEGED_RIDS.has(rid) || numberValue(change.oldValue) === rid) return null;
    // A new domain controller legitimately gets 516.
    if (rid === 516 && change.objectClass === 'computer' && /,OU=Domain Controllers,/i.test(change.distinguishedName)) return null;
    if (isAllowlisted(settings, change.distinguishedName)) return null;
    return finding(this, change, `primaryGroupID von ${change.distinguishedName} → ${rid}`, { before: change.oldValue, after: rid });
  },
};
