import { UAC } from '@burgwall/shared';
import { describe, expect, it } from 'vitest';
import { ROLE, cleanEntraInput, cleanEntraSnapshot, parseEntra } from '../testing/entra-fixtures';
import { cleanSnapshot, findUser } from '../testing/fixtures';
import { names, runEntra } from '../testing/run';
import { entraSyncedAdminAdDisabled as check } from './entra-synced-admin-ad-disabled';

function aliceIsCloudAdmin() {
  const ad = cleanSnapshot();
  const input = cleanEntraInput(ad);
  input.directoryRoles.roleAssignments?.push({ principalId: 'u-synced-alice', roleDefinitionId: ROLE.USER_ADMIN });
  return { ad, input };
}

describe('entra-synced-admin-ad-disabled', () => {
  it('does not trigger while the AD account is enabled', () => {
    const ad = cleanSnapshot();
    expect(runEntra(check, cleanEntraSnapshot(ad), ad)).toEqual({ affected: [], skippedReason: null });
    const { ad: ad2, input } = aliceIsCloudAdmin();
    expect(runEntra(check, parseEntra(input), ad2).affected).toEqual([]);
  });

  it('triggers when the AD account of a synced cloud admin is disabled', () => {
    const { ad, input } = aliceIsCloudAdmin();
    findUser(ad, 'alice').userAccountControl = UAC.NORMAL_ACCOUNT | UAC.ACCOUNTDISABLE;
    const outcome = runEntra(check, parseEntra(input), ad);
    expect(names(outcome)).toEqual(['alice@test.de']);
    expect(outcome.affected[0]?.evidence).toContain('AD-Konto deaktiviert');
  });
});
