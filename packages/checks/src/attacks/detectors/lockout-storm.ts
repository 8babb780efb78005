import type { IoaDetector } from '../types';
import { defaults, finding, isProperty, numberValue } from '../values';

export const lockoutStorm: IoaDetector = {
  slug: 'lockout-storm',
  title: 'Kontosperrungen gehäuft (Password Spraying)',
  description: 'Viele Konten wurden in kurzer Zeit gesperrt (lockoutTime 0 → gesetzt).',
  severity: 'high',
  defaults: defaults({ accounts: 10, minutes: 10 }),
  properties: ['lockouttime'],
  async detect(change, settings, context) {
    if (!isProperty(change, 'lockoutTime')) return null;
    if ((numberValue(change.oldValue) ?? 0) !== 0 || (numberValue(change.newValue) ?? 0) === 0) return null;
    const accounts = settings.thresholds.accounts ?? 10;
    const minutes = settings.thresholds.minutes ?? 10;
    const since = new Date(change.timestamp.getTime() - minutes * 60_000);
    // Lockouts up to this one (not later ones of the same batch): the storm is reported at the lockout that reaches
    // the threshold, and at most once per window, however far the count rises above it.
    const count = await context.countRecentNonZero('lockoutTime', since, change);
    if (count < accounts || (await context.hasFindingSince(this.slug, since))) return null;
    return finding(this, change, `${count} Konten in ${minutes} Minuten gesperrt`, { accounts: count, minutes, last: change.distinguishedName });
  },
};
