import { principalObject } from '../affected';
import { defineCheck } from '../define-check';
import { isEnabled } from '../snapshot-index';
import { type AffectedObject, found } from '../types';

/** CHECKS.md §2.2 #7: disabled or expired accounts still in Tier-0 groups. */
export const privilegedUserDeactivated = defineCheck({
  slug: 'privileged-user-deactivated',
  title: 'Deaktivierte Konten in privilegierten Gruppen',
  description: 'Deaktivierte oder abgelaufene Benutzerkonten sind weiterhin Mitglied privilegierter Gruppen.',
  whyItMatters:
    'Ein Angreifer mit Schreibrechten kann ein deaktiviertes Konto unauffällig wieder aktivieren und erhält sofort Administratorrechte. Solche Konten werden selten überwacht.',
  remediation: [
    'Entfernen Sie deaktivierte und abgelaufene Konten aus allen privilegierten Gruppen.',
    'Löschen Sie nicht mehr benötigte Konten nach Ablauf der Aufbewahrungsfrist.',
  ],
  category: 'privileged-accounts',
  criticality: 'medium',
  scoreImpact: 4,
  directory: 'ad',
  thresholds: [],
  detect(snapshot, _settings, index) {
    const now = Date.parse(snapshot.collectedAt);
    const affected: AffectedObject[] = [];
    for (const { user, groups } of index.privilegedUsers()) {
      const expired = user.accountExpires !== null && Date.parse(user.accountExpires) < now;
      if (isEnabled(user) && !expired) continue;
      affected.push(principalObject(user, `${isEnabled(user) ? 'Abgelaufen' : 'Deaktiviert'}, Mitglied von ${groups.join(', ')}`));
    }
    return found(affected);
  },
});
