import { describe, expect, it } from 'vitest';
import { cleanEntraInput, cleanEntraSnapshot, parseEntra } from '../testing/entra-fixtures';
import { runEntra } from '../testing/run';
import { entraAdminPhishingResistantMfaMissing as check } from './entra-admin-phishing-resistant-mfa-missing';

describe('entra-admin-phishing-resistant-mfa-missing', () => {
  it('does not trigger when admins need phishing-resistant MFA', () => {
    expect(runEntra(check, cleanEntraSnapshot())).toEqual({ affected: [], skippedReason: null });
  });

  it('triggers when the admin policy only asks for ordinary MFA', () => {
    const input = cleanEntraInput();
    input.conditionalAccessPolicies = input.conditionalAccessPolicies.map((policy) =>
      policy.id === 'ca-admins' ? { ...policy, grantControls: { builtInControls: ['mfa'], operator: 'OR' } } : policy,
    );
    expect(runEntra(check, parseEntra(input)).affected).toHaveLength(1);
  });
});
