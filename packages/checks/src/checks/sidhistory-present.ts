import { principalObject } from '../affected';
import { defineCheck } from '../define-check';
import { found } from '../types';

/** sIDHistory with a privileged SID is reported (critical) by sidhistory-privileged-sid, not here. */
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
  detect(snapshot, _settings, index) {
    const own = `${snapshot.domain.objectSid}-`;
    return found(
      [...snapshot.users, ...snapshot.computers, ...snapshot.groups]
        .filter((principal) => principal.sidHistory.length > 0 && index.privilegedSidHistory(principal).length === 0)
        .map((principal) => {
          const sameDomain = principal.sidHistory.some((sid) => sid.startsWith(own));
          return principalObject(principal, `sIDHistory: ${principal.sidHistory.join(', ')}${sameDomain ? ' (SID der eigenen Domäne!)' : ''}`);
        }),
    );
  },
});
