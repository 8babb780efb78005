import type { IoaDetector } from '../types';
import { defaults, finding, isAllowlisted, isProperty } from '../values';

export const samAccountNameSpoofing: IoaDetector = {
  slug: 'samaccountname-spoofing',
  title: 'sAMAccountName-Spoofing (noPac)',
  description: 'Ein Computerkonto erhält einen Namen ohne „$“ – typisch für die Imitation eines Domänencontrollers (CVE-2021-42278).',
  severity: 'critical',
  defaults: defaults(),
  properties: ['samaccountname'],
  detect(change, settings) {
    if (change.objectClass !== 'computer' || !isProperty(change, 'sAMAccountName')) return null;
    const name = change.newValue?.trim() ?? '';
    if (name === '' || name.endsWith('$') || isAllowlisted(settings, change.distinguishedName)) return null;
    return finding(this, change, `Computerkonto ${change.oldValue ?? ''} heißt jetzt „${name}“ (ohne $)`, { before: change.oldValue, after: name });
  },
};
