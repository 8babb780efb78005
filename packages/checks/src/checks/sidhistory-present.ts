import { principalObject } from '../affected';
import { defineCheck } from '../define-check';
import { ridOf } from '../snapshot-index';
import { found } from '../types';

const PRIVILEGED_RIDS = new Set([500, 512, 516, 518, 519, 544, 548, 549, 550, 551]);

export const sidhistoryPresent = defineCheck({
  slug: 'sidhistory-present',
  title: 'SID-Verlauf (sIDHistory) vorhanden',
  description: 'Konten oder Gruppen tragen SIDs im Attribut sIDHistory.',
  whyItMatters:
    'Eine SID im Verlauf verleiht dieselben Rechte wie das ursprüngliche Konto. Eine privilegierte oder domäneneigene SID im Verlauf ist eine bekannte, unsichtbare Hintertür.',
  remediation: ['Bereinigen Sie sIDHistory nach abgeschlossener Migration.', 'Prüfen Sie SIDs aus der eigenen Domäne sofort als möglichen Angriff.'],
  category: 'accounts',
  criticality: 'high',
  scoreImpact: 6,
  directory: 'ad',
  thresholds: [],
  detect(snapshot) {
    const own = `${snapshot.domain.objectSid}-`;
    return found(
      [...snapshot.users, ...snapshot.computers, ...snapshot.groups]
        .filter((principal) => principal.sidHistory.length > 0)
        .map((principal) => {
          const dangerous = principal.sidHistory.filter((sid) => sid.startsWith(own) || PRIVILEGED_RIDS.has(ridOf(sid)));
          return principalObject(principal, `sIDHistory: ${principal.sidHistory.join(', ')}${dangerous.length > 0 ? ' (eigene Domäne oder privilegierte SID!)' : ''}`);
        }),
    );
  },
});
