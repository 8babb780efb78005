import { germanDate, principalObject } from '../affected';
import { defineCheck } from '../define-check';
import { RID, ageInDays } from '../snapshot-index';
import { found, threshold } from '../types';

export const builtinAdminPasswordOld = defineCheck({
  slug: 'builtin-admin-password-old',
  title: 'Kennwort des integrierten Administrators ist alt',
  description: 'Das Kennwort des integrierten Domänenkontos „Administrator“ (RID 500) ist älter als der eingestellte Höchstwert.',
  whyItMatters: 'Das integrierte Administratorkonto kann nicht gesperrt werden und ist bei jedem Angriff das erste Ziel. Ein altes Kennwort ist oft vielen (ehemaligen) Mitarbeitern bekannt.',
  remediation: ['Ändern Sie das Kennwort und verwahren Sie es als Notfallkennwort.', 'Arbeiten Sie im Alltag mit persönlichen Administratorkonten.'],
  category: 'privileged-accounts',
  criticality: 'medium',
  scoreImpact: 4,
  directory: 'ad',
  thresholds: [{ key: 'maxAgeDays', label: 'Höchstalter des Kennworts', unit: 'Tage', default: 180, min: 30, max: 3650 }],
  detect(snapshot, settings, index) {
    const admin = index.accountByRid(RID.ADMINISTRATOR);
    if (!admin) return found([]);
    const age = ageInDays(admin.pwdLastSet, snapshot.collectedAt);
    if (age !== null && age <= threshold(this, settings, 'maxAgeDays')) return found([]);
    return found([principalObject(admin, `Kennwort zuletzt gesetzt ${germanDate(admin.pwdLastSet)}`)]);
  },
});
