import { principalObject } from '../affected';
import { defineCheck } from '../define-check';
import { isEnabled } from '../snapshot-index';
import { found } from '../types';
import { UAC, hasUacFlag } from '@burgwall/shared';

export const privilegedPasswordNeverExpires = defineCheck({
  slug: 'privileged-password-never-expires',
  title: 'Privilegierte Konten mit nie ablaufendem Kennwort',
  description: 'Aktive Konten in privilegierten Gruppen haben „Kennwort läuft nie ab“ gesetzt.',
  whyItMatters:
    'Solche Konten sind meist Dienstkonten mit jahrelang unverändertem Kennwort. Ein einmal abgeflossenes Kennwort bleibt so dauerhaft gültig.',
  remediation: [
    'Ersetzen Sie Dienstkonten in privilegierten Gruppen durch gMSA oder entziehen Sie die Rechte.',
    'Entfernen Sie „Kennwort läuft nie ab“ von persönlichen Administratorkonten.',
  ],
  category: 'privileged-accounts',
  criticality: 'medium',
  scoreImpact: 4,
  directory: 'ad',
  thresholds: [],
  detect(_snapshot, _settings, index) {
    return found(
      index
        .privilegedUsers()
        .filter(({ user }) => isEnabled(user) && hasUacFlag(user.userAccountControl, UAC.DONT_EXPIRE_PASSWORD))
        .map(({ user, groups }) => principalObject(user, `Kennwort läuft nie ab; Mitglied von ${groups.join(', ')}`)),
    );
  },
});
