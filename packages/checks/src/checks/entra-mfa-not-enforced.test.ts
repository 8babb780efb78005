import { describe, expect, it } from 'vitest';
import { cleanEntraInput, cleanEntraSnapshot, parseEntra } from '../testing/entra-fixtures';
import { runEntra } from '../testing/run';
import { entraMfaNotEnforced as check } from './entra-mfa-not-enforced';

function withoutMfaPolicy() {
  const input = cleanEntraInput();
  input.conditionalAccessPolicies = input.conditionalAccessPolicies.filter((policy) => policy.id !== 'ca-mfa');
  return input;
}

describe('entra-mfa-not-enforced', () => {
  it('does not trigger with an all-users MFA policy or security defaults', () => {
    expect(runEntra(check, cleanEntraSnapshot())).toEqual({ affected: [], skippedReason: null });
    expect(runEntra(check, parseEntra({ ...withoutMfaPolicy(), securityDefaultsEnabled: true })).affected).toEqual([]);
  });

  it('triggers without such a policy and is skipped when the security defaults cannot be read', () => {
    expect(runEntra(check, parseEntra(withoutMfaPolicy())).affected).toHaveLength(1);
    const unreadable = { ...withoutMfaPolicy(), unavailable: { securityDefaults: { reason: 'permission' as const, permission: 'Policy.Read.All', detail: 'x' } } };
    expect(runEntra(check, parseEntra(unreadable)).skippedReason).toContain('Policy.Read.All');
  });
});
