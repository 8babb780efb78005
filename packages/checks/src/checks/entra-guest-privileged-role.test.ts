import { describe, expect, it } from 'vitest';
import { ROLE, cleanEntraInput, cleanEntraSnapshot, parseEntra } from '../testing/entra-fixtures';
import { names, runEntra } from '../testing/run';
import { entraGuestPrivilegedRole as check } from './entra-guest-privileged-role';

describe('entra-guest-privileged-role', () => {
  it('does not trigger when guests hold no roles', () => {
    expect(runEntra(check, cleanEntraSnapshot())).toEqual({ affected: [], skippedReason: null });
  });

  it('triggers for a guest eligible for a privileged role', () => {
    const input = cleanEntraInput();
    input.directoryRoles.roleEligibilitySchedules?.push({ principalId: 'u-guest', roleDefinitionId: ROLE.USER_ADMIN });
    const outcome = runEntra(check, parseEntra(input));
    expect(names(outcome)).toEqual(['partner_extern.de#EXT#@test.onmicrosoft.com']);
    expect(outcome.affected[0]?.evidence).toContain('User Administrator (berechtigt)');
  });
});
