import { describe, expect, it } from 'vitest';
import { ENTRA_NOT_CONNECTED } from '../evaluate';
import { ROLE, cleanEntraInput, cleanEntraSnapshot, parseEntra, syncedUser } from '../testing/entra-fixtures';
import { cleanSnapshot } from '../testing/fixtures';
import { names, runEntra } from '../testing/run';
import { entraPrivilegedOnpremUserSynced as check } from './entra-privileged-onprem-user-synced';

describe('entra-privileged-onprem-user-synced', () => {
  it('is skipped with a reason when Entra ID is not connected', () => {
    expect(runEntra(check, null, cleanSnapshot()).skippedReason).toBe(ENTRA_NOT_CONNECTED);
  });

  it('does not trigger when the admins are cloud-only and synced users hold no roles', () => {
    const ad = cleanSnapshot();
    expect(runEntra(check, cleanEntraSnapshot(ad), ad)).toEqual({ affected: [], skippedReason: null });
  });

  it('triggers for a synced role holder, also through a role-assignable group, and marks AD-privileged ones', () => {
    const ad = cleanSnapshot();
    const input = cleanEntraInput(ad);
    input.users.push(syncedUser(ad, 'Administrator', 'u-synced-admin'));
    input.directoryRoles.roleAssignments?.push({ principalId: 'u-synced-admin', roleDefinitionId: ROLE.GA }, { principalId: 'g-admins', roleDefinitionId: ROLE.USER_ADMIN });
    input.groups = [{ id: 'g-admins', displayName: 'Cloud-Admins', isAssignableToRole: true, memberIds: ['u-synced-alice'] }];
    const outcome = runEntra(check, parseEntra(input), ad);
    expect(names(outcome)).toEqual(['Administrator@test.de', 'alice@test.de']);
    expect(outcome.affected.find((item) => item.name === 'Administrator@test.de')?.evidence).toContain('auch im lokalen AD privilegiert');
    expect(outcome.affected.find((item) => item.name === 'alice@test.de')?.evidence).toContain('User Administrator');
  });
});
