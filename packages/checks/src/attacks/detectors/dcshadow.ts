import type { IoaDetector } from '../types';
import { addedValues, defaults, finding, isAllowlisted, isProperty } from '../values';

/** The DRS RPC interface SPN prefix a (rogue) DC registers, and the global catalog SPN. */
const DRS_SPN = /^e3514235-4b06-11d1-ab04-00c04fc2dcd2\//i;
const GC_SPN = /^gc\//i;

export const dcShadow: IoaDetector = {
  slug: 'dcshadow',
  title: 'DCShadow-Muster',
  description: 'Ein Computer, der kein Domänencontroller ist, registriert DC-Dienstprinzipalnamen oder ein nTDSDSA-Objekt entsteht.',
  severity: 'critical',
  defaults: defaults(),
  properties: ['serviceprincipalname', 'objectclass'],
  detect(change, settings) {
    if (isAllowlisted(settings, change.distinguishedName)) return null;
    if (isProperty(change, 'servicePrincipalName') && change.objectClass === 'computer') {
      if (/,OU=Domain Controllers,/i.test(change.distinguishedName)) return null;
      const spns = addedValues(change).filter((spn) => DRS_SPN.test(spn) || GC_SPN.test(spn));
      if (spns.length === 0) return null;
      return finding(this, change, `DC-Dienstprinzipalnamen auf Nicht-DC ${change.distinguishedName}`, { addedSpns: spns });
    }
    if (isProperty(change, 'objectClass') && change.oldValue === null && /ntdsdsa/i.test(change.newValue ?? '')) {
      return finding(this, change, `Neues nTDSDSA-Objekt ${change.distinguishedName}`, { objectClass: change.newValue });
    }
    return null;
  },
};
