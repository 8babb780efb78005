import { principalObject } from '../affected';
import { defineCheck } from '../define-check';
import { isEnabled } from '../snapshot-index';
import { found } from '../types';
import { UAC, hasUacFlag } from '@burgwall/shared';

export const userPasswordNotRequired = defineCheck({
  slug: 'user-password-not-required',
  title: 'Konten, die kein Kennwort benötigen',
  description: 'Aktive Benutzerkonten haben das Flag PASSWD_NOTREQD: Sie dürfen ein leeres Kennwort haben.',
  whyItMatters: 'Ein leeres Kennwort umgeht jede Kennwortrichtlinie. Angreifer probieren solche Konten gezielt mit leerem Kennwort aus.',
  remediation: [
    'Entfernen Sie das Flag: Set-ADAccountControl -PasswordNotRequired $false.',
    'Setzen Sie danach ein richtlinienkonformes Kennwort.',
  ],
  category: 'accounts',
  criticality: 'high',
  scoreImpact: 6,
  directory: 'ad',
  thresholds: [],
  detect(snapshot) {
    return found(
      snapshot.users
        .filter((user) => isEnabled(user) && hasUacFlag(user.userAccountControl, UAC.PASSWD_NOTREQD))
        .map((user) => principalObject(user, 'PASSWD_NOTREQD gesetzt')),
    );
  },
});
