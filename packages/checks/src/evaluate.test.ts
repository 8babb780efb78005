import { describe, expect, it } from 'vitest';
import { entraGlobalAdminCount } from './checks/entra-global-admin-count';
import { entraOnpremTier0Synced } from './checks/entra-onprem-tier0-synced';
import { entraPermanentPrivilegedAssignment } from './checks/entra-permanent-privileged-assignment';
import { ENTRA_NOT_CONNECTED, NO_AD_SNAPSHOT, evaluateChecks, unavailableReason } from './evaluate';
import { cleanEntraInput, cleanEntraSnapshot, parseEntra } from './testing/entra-fixtures';
import { cleanSnapshot } from './testing/fixtures';

describe('evaluateChecks with { ad, entra }', () => {
  it('skips hybrid checks without either snapshot, with the reason', () => {
    const ad = cleanSnapshot();
    const outcome = (input: Parameters<typeof evaluateChecks>[0]) => evaluateChecks(input, {}, [entraOnpremTier0Synced])[0]?.outcome.skippedReason;
    expect(outcome({ ad })).toBe(ENTRA_NOT_CONNECTED);
    expect(outcome({ entra: cleanEntraSnapshot() })).toBe(NO_AD_SNAPSHOT);
    expect(outcome({ ad, entra: cleanEntraSnapshot(ad) })).toBeNull();
  });

  it('names the missing permission, uses the German detail otherwise, and lets a missing licence mean "empty" where declared', () => {
    const input = cleanEntraInput();
    input.unavailable = { roleEligibilitySchedules: { reason: 'license', detail: 'PIM erfordert Entra ID P2.' } };
    const entra = parseEntra(input);
    expect(unavailableReason(entraPermanentPrivilegedAssignment, entra)).toBe('Nicht geprüft: PIM erfordert Entra ID P2.');
    expect(unavailableReason(entraGlobalAdminCount, entra)).toBeNull();
    input.unavailable = { roleEligibilitySchedules: { reason: 'permission', permission: 'RoleEligibilitySchedule.Read.Directory', detail: 'x' } };
    expect(unavailableReason(entraGlobalAdminCount, parseEntra(input))).toBe('Nicht geprüft: der App fehlt die Berechtigung RoleEligibilitySchedule.Read.Directory.');
    input.unavailable = { users: { reason: 'permission', detail: 'Der App fehlt eine Leseberechtigung für Benutzer.' } };
    expect(unavailableReason(entraGlobalAdminCount, parseEntra(input))).toBe('Nicht geprüft: Der App fehlt eine Leseberechtigung für Benutzer.');
  });
});
