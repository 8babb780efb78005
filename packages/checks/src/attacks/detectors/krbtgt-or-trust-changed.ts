import { RID } from '../../snapshot-index';
import type { IoaDetector } from '../types';
import { commonName, defaults, finding, isAllowlisted, isProperty, numberValue } from '../values';

/** TRUST_ATTRIBUTE_QUARANTINED_DOMAIN (SID filtering). */
const QUARANTINED = 0x4;

export const krbtgtOrTrustChanged: IoaDetector = {
  slug: 'krbtgt-or-trust-changed',
  title: 'krbtgt- oder Vertrauensstellungsänderung',
  description: 'Das krbtgt-Passwort wurde gesetzt, eine Vertrauensstellung entstand oder verlor die SID-Filterung.',
  severity: 'high',
  defaults: defaults(),
  properties: ['pwdlastset', 'trustattributes', 'objectclass', 'trustpartner'],
  async detect(change, settings, context) {
    if (isAllowlisted(settings, change.distinguishedName)) return null;
    if (isProperty(change, 'pwdLastSet')) {
      // krbtgt by its SID (RID 502) in the newest snapshot, never by name: the account may be renamed.
      const directory = await context.directory();
      if (directory?.builtinAccountRid(change.objectGuid) !== RID.KRBTGT) return null;
      // Rotating krbtgt is good practice: reported for information so it can be matched against a planned rotation.
      return finding(this, change, 'krbtgt-Passwort geändert', { account: commonName(change.distinguishedName), before: change.oldValue, after: change.newValue }, 'info');
    }
    if (change.objectClass !== 'trustedDomain') return null;
    if (isProperty(change, 'trustPartner') && change.oldValue === null) {
      return finding(this, change, `Neue Vertrauensstellung zu ${change.newValue ?? '?'}`, { partner: change.newValue });
    }
    if (isProperty(change, 'trustAttributes')) {
      const before = numberValue(change.oldValue) ?? 0;
      const after = numberValue(change.newValue) ?? 0;
      if ((before & QUARANTINED) !== 0 && (after & QUARANTINED) === 0) {
        return finding(this, change, `SID-Filterung für ${commonName(change.distinguishedName)} abgeschaltet`, { before, after }, 'critical');
      }
    }
    return null;
  },
};
