import { UAC } from '@burgwall/shared';
import type { IoaDetector } from '../types';
import { defaults, finding, gainedFlag, isAllowlisted, isProperty } from '../values';

export const asrepRoastEnabled: IoaDetector = {
  slug: 'asrep-roast-enabled',
  title: 'Kerberos-Vorauthentifizierung deaktiviert',
  description: 'userAccountControl erhält DONT_REQ_PREAUTH (0x400000): das Konto wird AS-REP-Roasting-fähig.',
  severity: 'high',
  defaults: defaults(),
  properties: ['useraccountcontrol'],
  detect(change, settings) {
    if (!isProperty(change, 'userAccountControl') || !gainedFlag(change, UAC.DONT_REQ_PREAUTH)) return null;
    if (isAllowlisted(settings, change.distinguishedName)) return null;
    return finding(this, change, `Vorauthentifizierung für ${change.distinguishedName} abgeschaltet`, { before: change.oldValue, after: change.newValue });
  },
};
