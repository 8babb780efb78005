import { describe, expect, it } from 'vitest';
import { cleanEntraInput, cleanEntraSnapshot, parseEntra } from '../testing/entra-fixtures';
import { names, runEntra } from '../testing/run';
import { entraAdminWithoutMfa as check } from './entra-admin-without-mfa';

describe('entra-admin-without-mfa', () => {
  it('does not trigger when every admin registered MFA', () => {
    expect(runEntra(check, cleanEntraSnapshot())).toEqual({ affected: [], skippedReason: null });
  });

  it('triggers for an eligible Global Admin without MFA, and is skipped without the registration report', () => {
    const input = cleanEntraInput();
    input.users = input.users.map((user) => (user.id === 'u-admin' ? { ...user, authMethods: { methods: [], isMfaRegistered: false, isMfaCapable: false } } : user));
    expect(names(runEntra(check, parseEntra(input)))).toEqual(['admin.cloud@test.onmicrosoft.com']);
    const unlicensed = { ...input, unavailable: { authMethods: { reason: 'license' as const, detail: 'Der Registrierungsbericht erfordert Entra ID P1.' } } };
    expect(runEntra(check, parseEntra(unlicensed)).skippedReason).toBe('Nicht geprüft: Der Registrierungsbericht erfordert Entra ID P1.');
  });
});
