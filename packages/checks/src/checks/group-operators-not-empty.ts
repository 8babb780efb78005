import { defineCheck } from '../define-check';
import { groupMembersAffected } from '../group-members';
import { BUILTIN } from '../snapshot-index';
import { type AffectedObject, found } from '../types';

const OPERATORS = [BUILTIN.ACCOUNT_OPERATORS, BUILTIN.SERVER_OPERATORS, BUILTIN.PRINT_OPERATORS, BUILTIN.BACKUP_OPERATORS];

export const groupOperatorsNotEmpty = defineCheck({
  slug: 'group-operators-not-empty',
  title: 'Operatorengruppen sind nicht leer',
  description: 'Die Gruppen Konten-, Server-, Druck- oder Sicherungs-Operatoren haben Mitglieder.',
  whyItMatters:
    'Diese alten Gruppen haben auf Domänencontrollern weitreichende Rechte (Anmelden, Dienste ändern, Treiber laden, Sicherungen lesen) und führen auf bekannten Wegen zu Domänen-Admin-Rechten.',
  remediation: ['Entfernen Sie alle Mitglieder.', 'Vergeben Sie benötigte Rechte gezielt per Delegierung.'],
  category: 'privileged-accounts',
  criticality: 'medium',
  scoreImpact: 4,
  directory: 'ad',
  thresholds: [],
  detect(_snapshot, _settings, index) {
    const affected: AffectedObject[] = [];
    for (const sid of OPERATORS) {
      const group = index.group(sid);
      if (group) affected.push(...groupMembersAffected(index, group).map((item) => ({ ...item, objectKey: `${group.objectSid}:${item.objectKey}` })));
    }
    return found(affected);
  },
});
