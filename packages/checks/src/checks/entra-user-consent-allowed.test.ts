import { describe, expect, it } from 'vitest';
import { cleanEntraInput, cleanEntraSnapshot, parseEntra } from '../testing/entra-fixtures';
import { runEntra } from '../testing/run';
import { entraUserConsentAllowed as check } from './entra-user-consent-allowed';

describe('entra-user-consent-allowed', () => {
  it('does not trigger when no self-consent policy is assigned', () => {
    expect(runEntra(check, cleanEntraSnapshot())).toEqual({ affected: [], skippedReason: null });
  });

  it('triggers with the legacy user-consent policy', () => {
    const input = cleanEntraInput();
    input.authorizationPolicy = {
      defaultUserRolePermissions: { permissionGrantPoliciesAssigned: ['ManagePermissionGrantsForSelf.microsoft-user-default-legacy', 'ManagePermissionGrantsForOwnedResource.microsoft-dynamically-managed-permissions-for-team'] },
    };
    expect(runEntra(check, parseEntra(input)).affected[0]?.evidence).toBe('Zugewiesene Einwilligungsrichtlinien: ManagePermissionGrantsForSelf.microsoft-user-default-legacy');
  });
});
