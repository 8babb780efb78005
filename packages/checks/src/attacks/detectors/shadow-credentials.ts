import type { IoaDetector } from '../types';
import { addedValues, defaults, finding, isAllowlisted, isProperty } from '../values';

export const shadowCredentials: IoaDetector = {
  slug: 'shadow-credentials',
  title: 'Schatten-Anmeldeinformationen (msDS-KeyCredentialLink)',
  description: 'Ein Schlüssel in msDS-KeyCredentialLink erlaubt die Anmeldung als dieses Konto ohne Passwort.',
  severity: 'high',
  defaults: defaults(),
  properties: ['msds-keycredentiallink'],
  detect(change, settings) {
    if (!isProperty(change, 'msDS-KeyCredentialLink')) return null;
    if (isAllowlisted(settings, change.distinguishedName)) return null;
    const added = addedValues(change);
    if (added.length === 0) return null;
    return finding(this, change, `Schlüssel in msDS-KeyCredentialLink von ${change.distinguishedName} geschrieben`, { addedKeys: added.length });
  },
};
