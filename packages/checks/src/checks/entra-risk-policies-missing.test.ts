import { describe, expect, it } from 'vitest';
import { cleanEntraInput, cleanEntraSnapshot, parseEntra } from '../testing/entra-fixtures';
import { runEntra } from '../testing/run';
import { entraRiskPoliciesMissing as check } from './entra-risk-policies-missing';

describe('entra-risk-policies-missing', () => {
  it('does not trigger with user- and sign-in-risk policies', () => {
    expect(runEntra(check, cleanEntraSnapshot())).toEqual({ affected: [], skippedReason: null });
  });

  it('triggers without a sign-in-risk policy, and is skipped without P2', () => {
    const input = cleanEntraInput();
    input.conditionalAccessPolicies = input.conditionalAccessPolicies.filter((policy) => policy.id !== 'ca-signin-risk');
    expect(runEntra(check, parseEntra(input)).affected[0]?.evidence).toBe('Keine aktive Richtlinie für: hohes Anmelderisiko');
    expect(runEntra(check, parseEntra({ ...input, plan: 'P1' })).skippedReason).toContain('P2');
  });
});
