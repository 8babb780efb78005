import type { IoaDetector } from '../types';
import { defaults, finding, isProperty } from '../values';

/** Attributes whose mass change means accounts were taken over or disabled in bulk. */
const MASS_CHANGE_PROPERTIES = ['userAccountControl', 'pwdLastSet', 'member', 'servicePrincipalName', 'description'];

/** Issue 16: many objects changed within a window (mass disable, password resets, group changes); once per window. */
export const massChange: IoaDetector = {
  slug: 'mass-change',
  title: 'Massenänderung im Verzeichnis',
  description: 'Sehr viele Objekte wurden in kurzer Zeit geändert (z. B. Konten deaktiviert, Kennwörter zurückgesetzt, Gruppen geändert).',
  severity: 'medium',
  defaults: defaults({ objects: 200, minutes: 10 }),
  properties: MASS_CHANGE_PROPERTIES.map((name) => name.toLowerCase()),
  async detect(change, settings, context) {
    if (!MASS_CHANGE_PROPERTIES.some((name) => isProperty(change, name))) return null;
    const objects = settings.thresholds.objects ?? 200;
    const minutes = settings.thresholds.minutes ?? 10;
    const since = new Date(change.timestamp.getTime() - minutes * 60_000);
    const count = await context.countRecentChangedObjects(MASS_CHANGE_PROPERTIES, since, change);
    if (count < objects || (await context.hasFindingSince(this.slug, since))) return null;
    return finding(this, change, `${count} Objekte in ${minutes} Minuten geändert`, { objects: count, minutes, last: change.distinguishedName });
  },
};
