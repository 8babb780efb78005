import { describe, expect, it } from 'vitest';
import { ENTRA_NOT_CONNECTED } from '../evaluate';
import { cleanEntraInput, cleanEntraSnapshot, parseEntra } from '../testing/entra-fixtures';
import { runEntra } from '../testing/run';
import { entraLegacyAuthenticationAllowed as check } from './entra-legacy-authentication-allowed';

function withoutBlockPolicy() {
  const input = cleanEntraInput();
  input.conditionalAccessPolicies = input.conditionalAccessPolicies.filter((policy) => policy.id !== 'ca-legacy');
  return input;
}

describe('entra-legacy-authentication-allowed', () => {
  it('is skipped with a reason when Entra ID is not connected or the app lacks Policy.Read.All', () => {
    expect(runEntra(check, null).skippedReason).toBe(ENTRA_NOT_CONNECTED);
    const input = withoutBlockPolicy();
    input.unavailable = { conditionalAccessPolicies: { reason: 'permission', permission: 'Policy.Read.All', detail: 'Berechtigung fehlt.' } };
    expect(runEntra(check, parseEntra(input))).toEqual({ affected: [], skippedReason: 'Nicht geprüft: der App fehlt die Berechtigung Policy.Read.All.' });
  });

  it('does not trigger when a CA policy blocks legacy auth, or security defaults are on', () => {
    expect(runEntra(check, cleanEntraSnapshot()).affected).toEqual([]);
    expect(runEntra(check, parseEntra({ ...withoutBlockPolicy(), securityDefaultsEnabled: true })).affected).toEqual([]);
  });

  it('triggers without a blocking policy, with a report-only one, and on a Free tenant without CA licence', () => {
    expect(runEntra(check, parseEntra(withoutBlockPolicy())).affected).toHaveLength(1);
    const reportOnly = cleanEntraInput();
    reportOnly.conditionalAccessPolicies = reportOnly.conditionalAccessPolicies.map((policy) => ({ ...policy, state: 'enabledForReportingButNotEnforced' }));
    expect(runEntra(check, parseEntra(reportOnly)).affected[0]?.objectType).toBe('entra-tenant');
    const free = { ...cleanEntraInput(), conditionalAccessPolicies: [], unavailable: { conditionalAccessPolicies: { reason: 'license' as const, detail: 'Bedingter Zugriff erfordert Entra ID P1.' } } };
    const outcome = runEntra(check, parseEntra(free));
    expect(outcome.skippedReason).toBeNull();
    expect(outcome.affected).toHaveLength(1);
  });
});
