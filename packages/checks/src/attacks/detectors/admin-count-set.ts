import type { IoaDetector } from '../types';
import { defaults, finding, isAllowlisted, isProperty, numberValue } from '../values';

export const adminCountSet: IoaDetector = {
  slug: 'admin-count-set',
  title: 'adminCount gesetzt',
  description: 'SDProp hat ein neues Konto als privilegiert markiert (adminCount 0/leer → 1).',
  severity: 'medium',
  defaults: defaults(),
  properties: ['admincount'],
  detect(change, settings) {
    if (!isProperty(change, 'adminCount')) return null;
    if ((numberValue(change.oldValue) ?? 0) !== 0 || numberValue(change.newValue) !== 1) return null;
    if (isAllowlisted(settings, change.distinguishedName)) return null;
    return finding(this, change, `adminCount auf ${change.distinguishedName} gesetzt`, { before: change.oldValue, after: change.newValue });
  },
};
