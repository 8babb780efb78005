import { describe, expect, it } from 'vitest';
import { ROLE, cleanEntraInput, cleanEntraSnapshot, entraUser, parseEntra } from '../testing/entra-fixtures';
import { runEntra } from '../testing/run';
import { entraGlobalAdminCount as check } from './entra-global-admin-count';

function withAdmins(extra: number) {
  const input = cleanEntraInput();
  for (let number = 0; number < extra; number++) {
    input.users.push(entraUser({ id: `u-ga-${number}`, userPrincipalName: `ga${number}@test.de` }));
    input.directoryRoles.roleAssignments?.push({ principalId: `u-ga-${number}`, roleDefinitionId: ROLE.GA });
  }
  return parseEntra(input);
}

describe('entra-global-admin-count', () => {
  it('does not trigger with three Global Admins (two active break-glass, one eligible)', () => {
    expect(runEntra(check, cleanEntraSnapshot())).toEqual({ affected: [], skippedReason: null });
  });

  it('triggers above the maximum (edge: 4 is fine, 5 is not) and below the configured minimum', () => {
    expect(runEntra(check, withAdmins(1)).affected).toEqual([]);
    expect(runEntra(check, withAdmins(2)).affected[0]?.evidence).toContain('5 Globale Administratoren');
    expect(runEntra(check, cleanEntraSnapshot(), null, { minimum: 4 }).affected[0]?.evidence).toContain('mindestens 4');
  });
});
