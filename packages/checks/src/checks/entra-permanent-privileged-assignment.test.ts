import { describe, expect, it } from 'vitest';
import { ROLE, cleanEntraInput, cleanEntraSnapshot, parseEntra } from '../testing/entra-fixtures';
import { names, runEntra } from '../testing/run';
import { entraPermanentPrivilegedAssignment as check } from './entra-permanent-privileged-assignment';

describe('entra-permanent-privileged-assignment', () => {
  it('does not trigger for eligible admins, activated eligibilities and break-glass accounts', () => {
    expect(runEntra(check, cleanEntraSnapshot())).toEqual({ affected: [], skippedReason: null });
    const activated = cleanEntraInput();
    activated.directoryRoles.roleAssignments?.push({ principalId: 'u-admin', roleDefinitionId: ROLE.GA });
    expect(runEntra(check, parseEntra(activated)).affected).toEqual([]);
  });

  it('triggers for a permanent assignment, and is skipped without P2', () => {
    const input = cleanEntraInput();
    input.directoryRoles.roleAssignments?.push({ principalId: 'u-admin', roleDefinitionId: ROLE.PRA });
    expect(names(runEntra(check, parseEntra(input)))).toEqual(['admin.cloud@test.onmicrosoft.com']);
    expect(runEntra(check, parseEntra({ ...input, plan: 'P1' })).skippedReason).toContain('P2');
  });
});
