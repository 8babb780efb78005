import { principalObject } from '../affected';
import { defineCheck } from '../define-check';
import { RID, ridOf } from '../snapshot-index';
import { found } from '../types';

export const admincountOrphaned = defineCheck({
  slug: 'admincount-orphaned',
  title: 'Verwaiste adminCount-Markierung',
  description: 'Benutzer tragen adminCount = 1, sind aber nicht mehr Mitglied einer geschützten Gruppe.',
  whyItMatters:
    'Solche Konten behalten die restriktiven Berechtigungen von AdminSDHolder und erben keine Berechtigungen mehr. Sie sind oft frühere Administratoren, deren Konten vergessen wurden.',
  remediation: [
    'Setzen Sie adminCount auf „nicht gesetzt“ und aktivieren Sie die Vererbung der Berechtigungen wieder.',
    'Prüfen Sie, ob das Konto noch benötigt wird.',
  ],
  category: 'accounts',
  criticality: 'low',
  scoreImpact: 1,
  directory: 'ad',
  thresholds: [],
  detect(snapshot, _settings, index) {
    const privileged = index.privileged();
    return found(
      snapshot.users
        .filter((user) => user.adminCount === 1 && !privileged.has(user.distinguishedName) && ridOf(user.objectSid) !== RID.KRBTGT)
        .map((user) => principalObject(user, 'adminCount = 1 ohne Mitgliedschaft in einer geschützten Gruppe')),
    );
  },
});
