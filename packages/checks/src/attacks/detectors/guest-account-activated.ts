import { UAC } from '@burgwall/shared';
import { RID } from '../../snapshot-index';
import type { IoaDetector } from '../types';
import { defaults, finding, isProperty, numberValue } from '../values';

/** Issue 16: the built-in Guest account (RID 501, recognised by SID whatever it is called: „Gast“) was enabled. */
export const guestAccountEnabled: IoaDetector = {
  slug: 'guest-account-activated',
  title: 'Gastkonto aktiviert',
  description: 'Das integrierte Gastkonto (RID 501) wurde aktiviert.',
  severity: 'high',
  defaults: defaults(),
  properties: ['useraccountcontrol'],
  async detect(change, _settings, context) {
    if (change.objectClass !== 'user' || !isProperty(change, 'userAccountControl')) return null;
    const before = numberValue(change.oldValue);
    const after = numberValue(change.newValue);
    if (before === null || after === null || (before & UAC.ACCOUNTDISABLE) === 0 || (after & UAC.ACCOUNTDISABLE) !== 0) return null;
    const directory = await context.directory();
    if (directory?.builtinAccountRid(change.objectGuid) !== RID.GUEST) return null;
    return finding(this, change, 'Gastkonto aktiviert', { before, after });
  },
};
