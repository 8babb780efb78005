import { germanDate, principalObject } from '../affected';
import { defineCheck } from '../define-check';
import { RID, ageInDays, isEnabled } from '../snapshot-index';
import { type AffectedObject, found, threshold } from '../types';

export const staleAccounts = defineCheck({
  slug: 'stale-accounts',
  title: 'Inaktive, aber aktivierte Konten',
  description: 'Aktivierte Benutzer- und Computerkonten wurden länger nicht genutzt als der eingestellte Zeitraum.',
  whyItMatters: 'Verwaiste Konten ehemaliger Mitarbeiter oder Geräte fallen bei Missbrauch nicht auf und vergrößern die Angriffsfläche.',
  remediation: ['Deaktivieren Sie die Konten und löschen Sie sie nach einer Karenzzeit.', 'Führen Sie einen Austrittsprozess ein, der Konten sofort deaktiviert.'],
  category: 'accounts',
  criticality: 'low',
  scoreImpact: 2,
  directory: 'ad',
  thresholds: [{ key: 'inactiveDays', label: 'Tage ohne Anmeldung und Kennwortänderung', unit: 'Tage', default: 180, min: 30, max: 1825 }],
  detect(snapshot, settings, index) {
    const krbtgt = index.domainRidSid(RID.KRBTGT);
    const limit = threshold(this, settings, 'inactiveDays');
    const now = snapshot.collectedAt;
    const older = (timestamp: string | null) => {
      const age = ageInDays(timestamp, now);
      return age === null || age > limit;
    };
    // One pass without intermediate arrays: this check looks at every account of the snapshot.
    const affected: AffectedObject[] = [];
    for (const account of index.accounts) {
      if (!isEnabled(account) || account.objectSid === krbtgt) continue;
      if (older(account.lastLogonTimestamp) && older(account.pwdLastSet) && older(account.whenCreated)) {
        affected.push(principalObject(account, `Letzte Anmeldung ${germanDate(account.lastLogonTimestamp)}, Kennwort ${germanDate(account.pwdLastSet)}`));
      }
    }
    return found(affected);
  },
});
