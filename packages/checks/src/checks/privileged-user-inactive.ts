import { germanDate, principalObject } from '../affected';
import { defineCheck } from '../define-check';
import { ageInDays, isEnabled } from '../snapshot-index';
import { found, threshold } from '../types';

export const privilegedUserInactive = defineCheck({
  slug: 'privileged-user-inactive',
  title: 'Inaktive privilegierte Konten',
  description: 'Aktive Konten in privilegierten Gruppen haben sich länger nicht angemeldet als der eingestellte Zeitraum.',
  whyItMatters: 'Nicht genutzte Administratorkonten fallen niemandem auf, wenn sie missbraucht werden, und ihre Rechte werden nicht gebraucht.',
  remediation: ['Deaktivieren Sie die Konten und entfernen Sie sie aus den privilegierten Gruppen.', 'Löschen Sie sie nach einer Karenzzeit.'],
  category: 'privileged-accounts',
  criticality: 'medium',
  scoreImpact: 4,
  directory: 'ad',
  thresholds: [{ key: 'inactiveDays', label: 'Tage ohne Anmeldung', unit: 'Tage', default: 180, min: 30, max: 1825 }],
  detect(snapshot, settings, index) {
    const limit = threshold(this, settings, 'inactiveDays');
    return found(
      index
        .privilegedUsers()
        .filter(({ user }) => isEnabled(user))
        .filter(({ user }) => {
          const age = ageInDays(user.lastLogonTimestamp, snapshot.collectedAt);
          // Never logged on counts as inactive once the account itself is older than the limit.
          if (age === null) return (ageInDays(user.whenCreated, snapshot.collectedAt) ?? limit + 1) > limit;
          return age > limit;
        })
        .map(({ user }) => principalObject(user, `Letzte Anmeldung ${germanDate(user.lastLogonTimestamp)}`)),
    );
  },
});
