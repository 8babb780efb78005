import { gpoObject } from '../affected';
import { broadPrincipals } from '../acl';
import { defineCheck } from '../define-check';
import { appliedGpos, gpoOutcome } from '../gpo-helpers';
import type { AffectedObject } from '../types';

/** User rights that amount to local SYSTEM or administrator on every computer the GPO applies to. */
const DANGEROUS_RIGHTS = [
  'SeDebugPrivilege',
  'SeBackupPrivilege',
  'SeRestorePrivilege',
  'SeTakeOwnershipPrivilege',
  'SeLoadDriverPrivilege',
  'SeImpersonatePrivilege',
  'SeTcbPrivilege',
  'SeAssignPrimaryTokenPrivilege',
  'SeCreateTokenPrivilege',
  'SeManageVolumePrivilege',
  'SeEnableDelegationPrivilege',
];

/** CHECKS.md §3 #29: GptTmpl.inf [Privilege Rights] of an applied GPO grants a dangerous right to a broad group. */
export const gpoDangerousUserRights = defineCheck({
  slug: 'gpo-dangerous-user-rights',
  title: 'Gefährliche Benutzerrechte für alle Benutzer per Gruppenrichtlinie',
  description:
    'Eine verknüpfte Gruppenrichtlinie gibt „Jeder“, „Authentifizierte Benutzer“, „Domänen-Benutzer“ oder ähnlich breiten Gruppen ein gefährliches Benutzerrecht wie SeDebugPrivilege oder SeBackupPrivilege.',
  whyItMatters:
    'Diese Rechte genügen, um lokale Administrator- oder SYSTEM-Rechte zu erlangen (Speicher von LSASS lesen, Registry-Hives sichern, Treiber laden). Gilt die GPO für Server oder Domänencontroller, ist jedes Benutzerkonto ein Weg zur Domänenübernahme.',
  remediation: [
    'Entfernen Sie die breite Gruppe aus der Zuweisung unter „Computerkonfiguration → Richtlinien → Windows-Einstellungen → Sicherheitseinstellungen → Lokale Richtlinien → Zuweisen von Benutzerrechten“.',
    'Vergeben Sie solche Rechte nur an einzelne Dienst- oder Administratorkonten.',
  ],
  category: 'group-policy',
  criticality: 'high',
  scoreImpact: 8,
  directory: 'ad',
  thresholds: [],
  detect(snapshot, _settings, index) {
    const broad = broadPrincipals(index);
    const gpos = appliedGpos(snapshot);
    const affected: AffectedObject[] = [];
    for (const gpo of gpos) {
      const rights = gpo.files.gptTmpl?.['Privilege Rights'] ?? {};
      for (const [right, holders] of Object.entries(rights)) {
        if (!DANGEROUS_RIGHTS.some((name) => name.toLowerCase() === right.toLowerCase())) continue;
        const granted = holders
          .split(',')
          .map((holder) => holder.trim().replace(/^\*/, '').toUpperCase())
          .filter((sid) => broad.has(sid));
        if (granted.length === 0) continue;
        affected.push(gpoObject(gpo, `${right} für ${granted.map((sid) => index.nameOfSid(sid)).join(', ')}`, right));
      }
    }
    return gpoOutcome(affected, gpos);
  },
});
