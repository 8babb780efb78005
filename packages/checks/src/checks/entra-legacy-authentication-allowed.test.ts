import { describe, expect, it } from 'vitest';
import { cleanSnapshot, cleanSnapshotWithEntra } from '../testing/fixtures';
import { run } from '../testing/run';
import { entraLegacyAuthenticationAllowed as check } from './entra-legacy-authentication-allowed';

describe('entra-legacy-authentication-allowed', () => {
  it('is skipped with a reason when no Entra data exists', () => {
    const outcome = run(check, cleanSnapshot());
    expect(outcome.skippedReason).toContain('Entra');
    expect(outcome.affected).toEqual([]);
  });

  it('does not trigger when a CA policy blocks legacy auth, or security defaults are on', () => {
    expect(run(check, cleanSnapshotWithEntra()).affected).toEqual([]);
    const defaults = cleanSnapshotWithEntra();
    if (defaults.entra) Object.assign(defaults.entra, { legacyAuthenticationBlocked: false, securityDefaultsEnabled: true });
    expect(run(check, defaults).affected).toEqual([]);
  });

  it('triggers when neither blocks legacy authentication', () => {
    const snapshot = cleanSnapshotWithEntra();
    if (snapshot.entra) snapshot.entra.legacyAuthenticationBlocked = false;
    const outcome = run(check, snapshot);
    expect(outcome.skippedReason).toBeNull();
    expect(outcome.affected).toHaveLength(1);
    expect(outcome.affected[0]?.objectType).toBe('entra-tenant');
  });
});
