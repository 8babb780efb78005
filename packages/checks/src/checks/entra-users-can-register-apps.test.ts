import { describe, expect, it } from 'vitest';
import { cleanEntraInput, cleanEntraSnapshot, parseEntra } from '../testing/entra-fixtures';
import { runEntra } from '../testing/run';
import { entraUsersCanRegisterApps as check } from './entra-users-can-register-apps';

describe('entra-users-can-register-apps', () => {
  it('does not trigger when app registration is restricted', () => {
    expect(runEntra(check, cleanEntraSnapshot())).toEqual({ affected: [], skippedReason: null });
  });

  it('triggers with the default (users may register apps)', () => {
    const input = cleanEntraInput();
    input.authorizationPolicy = { defaultUserRolePermissions: { allowedToCreateApps: true } };
    expect(runEntra(check, parseEntra(input)).affected).toHaveLength(1);
  });
});
