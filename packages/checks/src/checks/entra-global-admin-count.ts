import { defineEntraCheck } from '../define-check';
import { globalAdministrators, tenantAffected } from '../entra-helpers';
import { found, threshold } from '../types';

/** CHECKS.md §3 E3 (ScubaGear MS.AAD.7.1v1): too few (no break-glass) or too many Global Administrators, active + eligible. */
export const entraGlobalAdminCount = defineEntraCheck({
  slug: 'entra-global-admin-count',
  title: 'Anzahl der Globalen Administratoren außerhalb des Sollbereichs',
  description:
    'Die Zahl der Konten mit der Rolle „Globaler Administrator“ (aktiv oder über PIM berechtigt) liegt unter dem Minimum oder über dem Maximum.',
  whyItMatters:
    'Jeder Globale Administrator ist ein Schlüssel zum ganzen Mandanten: je mehr, desto größer die Angriffsfläche. Weniger als zwei bedeutet dagegen, dass kein Notfallzugriffskonto existiert und ein Ausfall den Mandanten aussperren kann.',
  remediation: [
    'Vergeben Sie für Alltagsaufgaben weniger privilegierte Rollen (z. B. Benutzeradministrator, Exchange-Administrator).',
    'Halten Sie zwei Notfallzugriffskonten (Break-Glass) als Globale Administratoren vor.',
  ],
  category: 'entra',
  criticality: 'medium',
  scoreImpact: 4,
  directory: 'entra',
  needs: ['users', 'groups', 'roleDefinitions', 'roleAssignments', 'roleEligibilitySchedules'],
  emptyWithoutLicense: ['roleEligibilitySchedules'],
  thresholds: [
    { key: 'minimum', label: 'Mindestanzahl (Notfallzugriffskonten)', unit: 'Konten', default: 2, min: 1, max: 10 },
    { key: 'maximum', label: 'Höchstanzahl', unit: 'Konten', default: 4, min: 1, max: 50 },
  ],
  detect(entra, settings) {
    const count = globalAdministrators(entra).size;
    const minimum = threshold(this, settings, 'minimum');
    const maximum = threshold(this, settings, 'maximum');
    if (count < minimum) return found([tenantAffected(entra, `${count} Globale Administratoren, mindestens ${minimum} empfohlen (Notfallzugriff)`)]);
    if (count > maximum) return found([tenantAffected(entra, `${count} Globale Administratoren, höchstens ${maximum} empfohlen`)]);
    return found([]);
  },
});
