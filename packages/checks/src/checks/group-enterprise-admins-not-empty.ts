import { defineCheck } from '../define-check';
import { groupMembersAffected } from '../group-members';
import { RID } from '../snapshot-index';
import { found } from '../types';

export const groupEnterpriseAdminsNotEmpty = defineCheck({
  slug: 'group-enterprise-admins-not-empty',
  title: 'Organisations-Admins ist nicht leer',
  description: 'Die Gruppe „Organisations-Admins“ hat Mitglieder.',
  whyItMatters: 'Organisations-Admins haben Vollzugriff auf alle Domänen der Gesamtstruktur. Die Gruppe wird im Alltag nicht gebraucht und sollte leer sein.',
  remediation: ['Entfernen Sie alle Mitglieder und befüllen Sie die Gruppe nur für gesamtstrukturweite Änderungen.'],
  category: 'privileged-accounts',
  criticality: 'medium',
  scoreImpact: 4,
  directory: 'ad',
  thresholds: [],
  detect(_snapshot, _settings, index) {
    const group = index.group(RID.ENTERPRISE_ADMINS);
    return found(group ? groupMembersAffected(index, group) : []);
  },
});
