import { defineCheck } from '../define-check';
import { BUILTIN, WELL_KNOWN } from '../snapshot-index';
import { found } from '../types';

/** Members that make the whole directory readable without an account. Authenticated Users there is the default. */
const ANONYMOUS_MEMBERS = new Map<string, string>([
  [WELL_KNOWN.ANONYMOUS, 'Anonymous-Anmeldung'],
  [WELL_KNOWN.EVERYONE, 'Jeder'],
]);

/** CHECKS.md §3 #33: Pre-Windows 2000 Compatible Access (S-1-5-32-554) holds Anonymous Logon or Everyone. */
export const preWin2000CompatibleAccess = defineCheck({
  slug: 'pre-win2000-compatible-access',
  title: 'Anonymer Lesezugriff über „Prä-Windows 2000 kompatibler Zugriff“',
  description: 'Die Gruppe „Prä-Windows 2000 kompatibler Zugriff“ enthält „Anonymous-Anmeldung“ oder „Jeder“.',
  whyItMatters:
    'Dann kann jeder im Netz ohne Konto Benutzer, Gruppen und Mitgliedschaften auslesen (Null-Session) und gezielt Kennwörter raten oder Angriffe vorbereiten.',
  remediation: [
    'Entfernen Sie „Anonymous-Anmeldung“ und „Jeder“ aus der Gruppe „Prä-Windows 2000 kompatibler Zugriff“ (net localgroup "Pre-Windows 2000 Compatible Access" "ANONYMOUS LOGON" /delete).',
    'Prüfen Sie, ob noch Altsysteme (Windows NT, sehr alte NAS-Geräte) anonym lesen müssen.',
  ],
  category: 'domain-configuration',
  criticality: 'high',
  scoreImpact: 8,
  directory: 'ad',
  thresholds: [],
  detect(_snapshot, _settings, index) {
    const group = index.group(BUILTIN.PRE_WIN2000);
    if (!group) return found([]);
    // Well-known SIDs are members through a foreign security principal (Windows) or the well-known principal object of
    // the configuration partition (Samba): sidOfDn knows both.
    return found(
      group.members.flatMap((memberDn) => {
        const memberSid = index.sidOfDn(memberDn) ?? '';
        const name = ANONYMOUS_MEMBERS.get(memberSid);
        if (!name) return [];
        return [{ objectKey: `${group.objectGuid}:${memberSid}`, objectType: 'group' as const, name: group.sAMAccountName, distinguishedName: group.distinguishedName, evidence: `Mitglied: ${name} (${memberSid})` }];
      }),
    );
  },
});
