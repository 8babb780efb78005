import { principalObject } from '../affected';
import { defineCheck } from '../define-check';
import { RID, isEnabled } from '../snapshot-index';
import { found } from '../types';

export const protectedUsersUnused = defineCheck({
  slug: 'protected-users-unused',
  title: 'Administratoren nicht in „Geschützte Benutzer“',
  description: 'Aktive Administratorkonten sind nicht Mitglied der Gruppe „Geschützte Benutzer“.',
  whyItMatters:
    'Mitglieder von „Geschützte Benutzer“ melden sich nur mit Kerberos-AES an, ihre Anmeldedaten werden nicht zwischengespeichert und sie sind nicht delegierbar. Das erschwert Pass-the-Hash und Kennwortdiebstahl erheblich.',
  remediation: ['Nehmen Sie persönliche Administratorkonten (nicht Dienstkonten) in „Geschützte Benutzer“ auf.', 'Testen Sie die Anmeldung vorher mit einem Konto.'],
  category: 'privileged-accounts',
  criticality: 'medium',
  scoreImpact: 3,
  directory: 'ad',
  thresholds: [],
  detect(_snapshot, _settings, index) {
    const protectedUsers = index.group(RID.PROTECTED_USERS);
    if (!protectedUsers) return found([]);
    const members = new Set(index.transitiveMembers(protectedUsers).map((account) => account.distinguishedName));
    return found(
      index
        .privilegedUsers()
        .filter(({ user }) => isEnabled(user) && user.servicePrincipalNames.length === 0 && !members.has(user.distinguishedName))
        .map(({ user, groups }) => principalObject(user, `Nicht in „Geschützte Benutzer“; Mitglied von ${groups.join(', ')}`)),
    );
  },
});
