import { describe, expect, it } from 'vitest';
import { cleanEntraInput, cleanEntraSnapshot, parseEntra } from '../testing/entra-fixtures';
import { daysAgo } from '../testing/fixtures';
import { names, runEntra } from '../testing/run';
import { entraStalePrivilegedUser as check } from './entra-stale-privileged-user';

function adminLastSeen(days: number) {
  const input = cleanEntraInput();
  input.users = input.users.map((user) => (user.id === 'u-admin' ? { ...user, signInActivity: { lastSignInDateTime: daysAgo(days), lastNonInteractiveSignInDateTime: null } } : user));
  return parseEntra(input);
}

describe('entra-stale-privileged-user', () => {
  it('does not trigger for recently active admins (edge: exactly 90 days)', () => {
    expect(runEntra(check, cleanEntraSnapshot())).toEqual({ affected: [], skippedReason: null });
    expect(runEntra(check, adminLastSeen(90)).affected).toEqual([]);
  });

  it('triggers after 91 days, honours a configured threshold, and is skipped without AuditLog.Read.All', () => {
    expect(names(runEntra(check, adminLastSeen(91)))).toEqual(['admin.cloud@test.onmicrosoft.com']);
    expect(runEntra(check, adminLastSeen(91), null, { days: 120 }).affected).toEqual([]);
    const input = { ...cleanEntraInput(), unavailable: { signInActivity: { reason: 'permission' as const, permission: 'AuditLog.Read.All', detail: 'x' } } };
    expect(runEntra(check, parseEntra(input)).skippedReason).toBe('Nicht geprüft: der App fehlt die Berechtigung AuditLog.Read.All.');
  });
});
