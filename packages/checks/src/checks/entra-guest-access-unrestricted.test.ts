import { GUEST_ROLE_IDS } from '@burgwall/shared';
import { describe, expect, it } from 'vitest';
import { cleanEntraInput, cleanEntraSnapshot, parseEntra } from '../testing/entra-fixtures';
import { runEntra } from '../testing/run';
import { entraGuestAccessUnrestricted as check } from './entra-guest-access-unrestricted';

describe('entra-guest-access-unrestricted', () => {
  it('does not trigger with the restricted guest role', () => {
    expect(runEntra(check, cleanEntraSnapshot())).toEqual({ affected: [], skippedReason: null });
  });

  it('triggers when guests have member-like access', () => {
    const input = cleanEntraInput();
    input.authorizationPolicy = { defaultUserRolePermissions: {}, guestUserRoleId: GUEST_ROLE_IDS.sameAsMembers };
    expect(runEntra(check, parseEntra(input)).affected[0]?.evidence).toBe('Gastzugriff: wie Mitglieder');
  });
});
