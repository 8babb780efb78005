import { germanDate, principalObject } from '../affected';
import { defineCheck } from '../define-check';
import { RID, ageInDays } from '../snapshot-index';
import { found, threshold } from '../types';

export const krbtgtPasswordOld = defineCheck({
  slug: 'krbtgt-password-old',
  title: 'Kennwort des krbtgt-Kontos ist alt',
  description: 'Das Kennwort des krbtgt-Kontos wurde länger nicht geändert als der eingestellte Höchstwert.',
  whyItMatters:
    'Mit dem krbtgt-Schlüssel signiert die Domäne alle Kerberos-Tickets. Wer ihn einmal erbeutet hat, kann bis zur Kennwortänderung beliebige „Golden Tickets“ ausstellen.',
  remediation: [
    'Ändern Sie das krbtgt-Kennwort zweimal im Abstand von mindestens der maximalen Ticketlebensdauer (z. B. mit New-KrbtgtKeys.ps1).',
    'Planen Sie die Änderung regelmäßig (z. B. halbjährlich) ein.',
  ],
  category: 'kerberos',
  criticality: 'high',
  scoreImpact: 8,
  directory: 'ad',
  thresholds: [{ key: 'maxAgeDays', label: 'Höchstalter des krbtgt-Kennworts', unit: 'Tage', default: 180, min: 30, max: 3650 }],
  detect(snapshot, settings, index) {
    const maxAge = threshold(this, settings, 'maxAgeDays');
    const krbtgt = index.accountByRid(RID.KRBTGT);
    if (!krbtgt) return found([]);
    const age = ageInDays(krbtgt.pwdLastSet, snapshot.collectedAt);
    if (age !== null && age <= maxAge) return found([]);
    return found([principalObject(krbtgt, `Kennwort zuletzt gesetzt ${germanDate(krbtgt.pwdLastSet)}${age !== null ? ` (vor ${age} Tagen)` : ''}`)]);
  },
});
