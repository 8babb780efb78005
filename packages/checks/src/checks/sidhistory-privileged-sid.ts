import { principalObject } from '../affected';
import { defineCheck } from '../define-check';
import { found } from '../types';

/**
 * CHECKS.md §3 #23, the critical half: sIDHistory holding a privileged SID (this domain's Tier-0 groups or their
 * members, Administrator, krbtgt, domain controllers, or a privileged RID of any domain). The holder is counted as
 * privileged by every other check (SnapshotIndex.privileged).
 */
export const sidhistoryPrivilegedSid = defineCheck({
  slug: 'sidhistory-privileged-sid',
  title: 'Privilegierte SID im SID-Verlauf',
  description: 'Ein Konto oder eine Gruppe trägt in sIDHistory die SID einer privilegierten Gruppe oder eines privilegierten Kontos.',
  whyItMatters:
    'Wer eine privilegierte SID im Verlauf trägt, hat bei jeder Anmeldung dieselben Rechte wie das Original, ohne in der Gruppe zu erscheinen. Eine SID der eigenen Domäne im Verlauf entsteht bei keiner Migration und ist ein typisches Zeichen einer SID-History-Injektion.',
  remediation: [
    'Entfernen Sie den Eintrag aus sIDHistory (z. B. mit Set-ADUser -Remove @{sIDHistory="<SID>"}).',
    'Behandeln Sie das Konto als kompromittiert: Kennwort zurücksetzen, Anmeldungen und Änderungen der letzten Zeit prüfen.',
    'Setzen Sie das krbtgt-Kennwort zweimal zurück, falls ein Angreifer Domänen-Admin-Rechte hatte.',
  ],
  category: 'privileged-accounts',
  criticality: 'critical',
  scoreImpact: 15,
  directory: 'ad',
  thresholds: [],
  detect(snapshot, _settings, index) {
    const own = `${snapshot.domain.objectSid}-`;
    return found(
      [...snapshot.users, ...snapshot.computers, ...snapshot.groups]
        .filter((principal) => principal.sidHistory.length > 0)
        .flatMap((principal) => {
          const sids = index.privilegedSidHistory(principal);
          if (sids.length === 0) return [];
          const named = sids.map((sid) => `${index.nameOfSid(sid)} (${sid}${sid.startsWith(own) ? ', eigene Domäne' : ''})`);
          return [principalObject(principal, `sIDHistory enthält ${named.join(', ')}`)];
        }),
    );
  },
});
