import type { IoaDetector } from '../types';
import { addedValues, defaults, finding, isAllowlisted, isProperty } from '../values';

export const spnAddedToUser: IoaDetector = {
  slug: 'spn-added-to-user',
  title: 'SPN auf Benutzerkonto gesetzt',
  description: 'Ein Dienstprinzipalname auf einem Benutzer macht ihn per Kerberoasting angreifbar (gezieltes Kerberoasting).',
  severity: 'high',
  defaults: defaults(),
  properties: ['serviceprincipalname'],
  detect(change, settings) {
    if (change.objectClass !== 'user' || !isProperty(change, 'servicePrincipalName')) return null;
    if (isAllowlisted(settings, change.distinguishedName)) return null;
    const added = addedValues(change);
    if (added.length === 0) return null;
    return finding(this, change, `SPN ${added.join(', ')} auf ${change.distinguishedName} gesetzt`, { addedSpns: added });
  },
};
