import { principalObject } from '../affected';
import { defineCheck } from '../define-check';
import { RID } from '../snapshot-index';
import { UAC, hasUacFlag } from '@burgwall/shared';
import type { CheckComputer } from '../check-snapshot';

/** A real DC by its account type, not by primaryGroupID (which is what this check inspects). */
function isDcAccount(computer: CheckComputer): boolean {
  return computer.isDomainController || computer.isReadOnlyDomainController || hasUacFlag(computer.userAccountControl, UAC.SERVER_TRUST_ACCOUNT) || hasUacFlag(computer.userAccountControl, UAC.PARTIAL_SECRETS_ACCOUNT);
}
import { found } from '../types';

export const primaryGroupNondefault = defineCheck({
  slug: 'primary-group-nondefault',
  title: 'Ungewöhnliche primäre Gruppe',
  description: 'Benutzer oder Computer haben eine andere primäre Gruppe als „Domänen-Benutzer“, „Domänen-Gäste“ bzw. „Domänencomputer“.',
  whyItMatters: 'Eine Mitgliedschaft über die primäre Gruppe erscheint nicht im member-Attribut der Gruppe und wird von vielen Werkzeugen übersehen – ein beliebtes Versteck für Rechte.',
  remediation: ['Setzen Sie die primäre Gruppe auf „Domänen-Benutzer“ (513) bzw. „Domänencomputer“ (515) zurück.'],
  category: 'accounts',
  criticality: 'medium',
  scoreImpact: 3,
  directory: 'ad',
  thresholds: [],
  detect(snapshot, _settings, index) {
    const users = snapshot.users.filter((user) => user.primaryGroupId !== RID.DOMAIN_USERS && user.primaryGroupId !== RID.DOMAIN_GUESTS);
    const computers = snapshot.computers.filter((computer) =>
      isDcAccount(computer)
        ? computer.primaryGroupId !== RID.DOMAIN_CONTROLLERS && computer.primaryGroupId !== RID.READONLY_DCS
        : computer.primaryGroupId !== RID.DOMAIN_COMPUTERS,
    );
    return found(
      [...users, ...computers].map((account) => {
        const group = index.group(account.primaryGroupId);
        return principalObject(account, `primaryGroupID ${account.primaryGroupId}${group ? ` (${group.sAMAccountName})` : ''}`);
      }),
    );
  },
});
