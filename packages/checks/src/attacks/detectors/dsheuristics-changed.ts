import type { IoaDetector } from '../types';
import { defaults, finding, isProperty } from '../values';

/** 7th character 2 = anonymous LDAP operations allowed (fLDAPBlockAnonOps off). */
const allowsAnonymous = (value: string | null) => (value ?? '').charAt(6) === '2';

/** CHECKS.md §4 #17: dSHeuristics on CN=Directory Service changed; critical when it opens anonymous LDAP. */
export const dsHeuristicsChanged: IoaDetector = {
  slug: 'dsheuristics-changed',
  title: 'dSHeuristics geändert',
  description: 'Das Attribut dSHeuristics (Verhalten des Verzeichnisdienstes, z. B. anonymer LDAP-Zugriff) wurde geändert.',
  severity: 'medium',
  defaults: defaults(),
  properties: ['dsheuristics'],
  detect(change, settings) {
    if (!isProperty(change, 'dSHeuristics') || settings.allowlist.includes(change.newValue ?? '')) return null;
    if (allowsAnonymous(change.newValue) && !allowsAnonymous(change.oldValue)) {
      return finding(this, change, 'Anonymer LDAP-Zugriff per dSHeuristics freigegeben', { before: change.oldValue, after: change.newValue }, 'critical');
    }
    return finding(this, change, `dSHeuristics „${change.oldValue ?? ''}“ → „${change.newValue ?? ''}“`, { before: change.oldValue, after: change.newValue });
  },
};
