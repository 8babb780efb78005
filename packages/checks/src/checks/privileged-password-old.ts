import { germanDate, principalObject } from '../affected';
import { defineCheck } from '../define-check';
import { ageInDays, isEnabled } from '../snapshot-index';
import { found, threshold } from '../types';

export const privilegedPasswordOld = defineCheck({
  slug: 'privileged-password-old',
  title: 'Alte Kennwörter privilegierter Konten',
  description: 'Aktive privilegierte Konten haben ihr Kennwort länger nicht geändert als der eingestellte Höchstwert.',
  whyItMatters: 'Je älter ein Administratorkennwort, desto wahrscheinlicher ist es irgendwo abgeflossen, zwischengespeichert oder mehrfach verwendet.',
  remediation: ['Ändern Sie die Kennwörter der betroffenen Administratorkonten.', 'Erzwingen Sie regelmäßige Änderungen über eine PSO für Administratoren.'],
  category: 'privileged-accounts',
  criticality: 'medium',
  scoreImpact: 4,
  directory: 'ad',
  thresholds: [{ key: 'maxAgeDays', label: 'Höchstalter eines Administratorkennworts', unit: 'Tage', default: 365, min: 30, max: 3650 }],
  detect(snapshot, settings, index) {
    const maxAge = threshold(this, settings, 'maxAgeDays');
    return found(
      index
        .privilegedUsers()
        .filter(({ user }) => isEnabled(user))
        .filter(({ user }) => {
          const age = ageInDays(user.pwdLastSet, snapshot.collectedAt);
          return age === null || age > maxAge;
        })
        .map(({ user }) => principalObject(user, `Kennwort zuletzt gesetzt ${germanDate(user.pwdLastSet)}`)),
    );
  },
});
