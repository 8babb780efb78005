import { describe, expect, it } from 'vitest';
import { cleanEntraInput, cleanEntraSnapshot, parseEntra } from '../testing/entra-fixtures';
import { runEntra } from '../testing/run';
import { entraDeviceCodeFlowAllowed as check } from './entra-device-code-flow-allowed';

describe('entra-device-code-flow-allowed', () => {
  it('does not trigger when a policy blocks the device code flow', () => {
    expect(runEntra(check, cleanEntraSnapshot())).toEqual({ affected: [], skippedReason: null });
  });

  it('triggers when that policy is disabled', () => {
    const input = cleanEntraInput();
    input.conditionalAccessPolicies = input.conditionalAccessPolicies.map((policy) => (policy.id === 'ca-device-code' ? { ...policy, state: 'disabled' } : policy));
    expect(runEntra(check, parseEntra(input)).affected).toHaveLength(1);
  });
});
