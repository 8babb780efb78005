import { defineCheck } from '../define-check';
import { RID } from '../snapshot-index';
import { groupMembersAffected } from '../group-members';
import { found } from '../types';

/** CHECKS.md §2.2 #8: Schema Admins (RID 518) should be empty outside schema changes. */
export const groupSchemaAdminsNotEmpty = defineCheck({
  slug: 'group-schema-admins-not-empty',
  title: 'Schema-Admins ist nicht leer',
  description: 'Die Gruppe „Schema-Admins“ hat Mitglieder.',
  whyItMatters:
    'Mitglieder der Schema-Admins können das Schema der gesamten Gesamtstruktur unwiderruflich ändern. Die Gruppe sollte leer sein und nur für eine geplante Schemaerweiterung befüllt werden.',
  remediation: [
    'Entfernen Sie alle Mitglieder aus „Schema-Admins“ (auch den integrierten Administrator).',
    'Fügen Sie ein Konto nur für die Dauer einer Schemaänderung hinzu und entfernen Sie es danach.',
  ],
  category: 'privileged-accounts',
  criticality: 'medium',
  scoreImpact: 4,
  directory: 'ad',
  thresholds: [],
  detect(_snapshot, _settings, index) {
    const group = index.group(RID.SCHEMA_ADMINS);
    return found(group ? groupMembersAffected(index, group) : []);
  },
});
