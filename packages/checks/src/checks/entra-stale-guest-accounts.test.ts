import { describe, expect, it } from 'vitest';
import { cleanEntraInput, cleanEntraSnapshot, parseEntra } from '../testing/entra-fixtures';
import { daysAgo } from '../testing/fixtures';
import { names, runEntra } from '../testing/run';
import { entraStaleGuestAccounts as check } from './entra-stale-guest-accounts';

function guestLastSeen(days: number | null) {
  const input = cleanEntraInput();
  input.users = input.users.map((user) =>
    user.id === 'u-guest' ? { ...user, signInActivity: days === null ? null : { lastSignInDateTime: daysAgo(days), lastNonInteractiveSignInDateTime: null } } : user,
  );
  return parseEntra(input);
}

describe('entra-stale-guest-accounts', () => {
  it('does not trigger for active guests (edge: 90 days)', () => {
    expect(runEntra(check, cleanEntraSnapshot())).toEqual({ affected: [], skippedReason: null });
    expect(runEntra(check, guestLastSeen(90)).affected).toEqual([]);
  });

  it('triggers for a guest unseen for 91 days or one that never signed in, and honours a configured threshold', () => {
    expect(names(runEntra(check, guestLastSeen(91)))).toEqual(['partner_extern.de#EXT#@test.onmicrosoft.com']);
    expect(runEntra(check, guestLastSeen(null)).affected[0]?.evidence).toContain('Nie angemeldet');
    expect(runEntra(check, guestLastSeen(91), null, { days: 180 }).affected).toEqual([]);
  });
});
