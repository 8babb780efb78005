import { describe, expect, it } from 'vitest';
import { cleanEntraInput, cleanEntraSnapshot, parseEntra } from '../testing/entra-fixtures';
import { runEntra } from '../testing/run';
import { entraWeakAuthMethods as check } from './entra-weak-auth-methods';

describe('entra-weak-auth-methods', () => {
  it('does not trigger when SMS, voice and e-mail are disabled', () => {
    expect(runEntra(check, cleanEntraSnapshot())).toEqual({ affected: [], skippedReason: null });
  });

  it('triggers when SMS is enabled', () => {
    const input = cleanEntraInput();
    input.authenticationMethodsPolicy = { authenticationMethodConfigurations: [{ id: 'Sms', state: 'enabled' }, { id: 'Fido2', state: 'enabled' }] };
    expect(runEntra(check, parseEntra(input)).affected[0]?.evidence).toBe('Aktiviert: SMS');
  });
});
