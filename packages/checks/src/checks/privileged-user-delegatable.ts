import { principalObject } from '../affected';
import { defineCheck } from '../define-check';
import { RID, isEnabled } from '../snapshot-index';
import { found } from '../types';
import { UAC, hasUacFlag } from '@burgwall/shared';

export const privilegedUserDelegatable = defineCheck({
  slug: 'privileged-user-delegatable',
  title: 'Privilegierte Konten sind delegierbar',
  description: 'Aktive Administratorkonten haben weder „Konto ist vertraulich und kann nicht delegiert werden“ noch eine Mitgliedschaft in „Geschützte Benutzer“.',
  whyItMatters: 'Meldet sich ein Administrator an einem Server mit Delegierung an, kann dieser Server in seinem Namen auf jeden Dienst zugreifen, auch auf Domänencontroller.',
  remediation: ['Setzen Sie „Konto ist vertraulich und kann nicht delegiert werden“.', 'Oder nehmen Sie das Konto in die Gruppe „Geschützte Benutzer“ auf.'],
  category: 'privileged-accounts',
  criticality: 'high',
  scoreImpact: 6,
  directory: 'ad',
  thresholds: [],
  detect(_snapshot, _settings, index) {
    const protectedUsers = index.group(RID.PROTECTED_USERS);
    const protectedSet = new Set(protectedUsers ? index.transitiveMembers(protectedUsers).map((account) => account.distinguishedName) : []);
    return found(
      index
        .privilegedUsers()
        .filter(({ user }) => isEnabled(user) && !hasUacFlag(user.userAccountControl, UAC.NOT_DELEGATED) && !protectedSet.has(user.distinguishedName))
        .map(({ user, groups }) => principalObject(user, `Delegierbar; Mitglied von ${groups.join(', ')}`)),
    );
  },
});
