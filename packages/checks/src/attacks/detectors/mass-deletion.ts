import type { IoaDetector } from '../types';
import { defaults, finding, isProperty } from '../values';

/** Issue 16: many objects deleted within a window (wiper, sabotage, a script gone wrong); once per window. */
export const massDeletion: IoaDetector = {
  slug: 'mass-deletion',
  title: 'Massenlöschung im Verzeichnis',
  description: 'Viele Objekte wurden in kurzer Zeit gelöscht (Sabotage oder ein fehlerhaftes Skript).',
  severity: 'high',
  defaults: defaults({ objects: 50, minutes: 10 }),
  properties: ['isdeleted'],
  async detect(change, settings, context) {
    if (!isProperty(change, 'isDeleted') || change.newValue?.toUpperCase() !== 'TRUE') return null;
    const objects = settings.thresholds.objects ?? 50;
    const minutes = settings.thresholds.minutes ?? 10;
    const since = new Date(change.timestamp.getTime() - minutes * 60_000);
    const count = await context.countRecentChangedObjects(['isDeleted'], since, change);
    if (count < objects || (await context.hasFindingSince(this.slug, since))) return null;
    return finding(this, change, `${count} Objekte in ${minutes} Minuten gelöscht`, { objects: count, minutes, last: change.distinguishedName });
  },
};
