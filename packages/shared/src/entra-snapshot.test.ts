import { describe, expect, it } from 'vitest';
import { deriveEntraPlan, entraSnapshotSchema } from './entra-snapshot';

describe('entra snapshot schema', () => {
  it('accepts a minimal snapshot and fills tolerant defaults', () => {
    const snapshot = entraSnapshotSchema.parse({ collectedAt: '2026-11-24T00:00:00Z', tenantId: 't-1' });
    expect(snapshot.plan).toBe('none');
    expect(snapshot.users).toEqual([]);
    expect(snapshot.directoryRoles.roleAssignments).toEqual([]);
    expect(snapshot.unavailable).toEqual({});
    expect(snapshot.securityDefaultsEnabled).toBeNull();
  });

  it('keeps a missing permission as data and refuses unknown data areas and wrong types', () => {
    const snapshot = entraSnapshotSchema.parse({
      collectedAt: '2026-11-24T00:00:00.1234567Z',
      tenantId: 't-1',
      users: [{ id: 'u1', userPrincipalName: 'a@b.de', signInActivity: { lastSignInDateTime: '2026-01-01T10:00:00Z' } }],
      unavailable: { conditionalAccessPolicies: { reason: 'permission', permission: 'Policy.Read.All', detail: 'Der App fehlt die Berechtigung Policy.Read.All.' } },
    });
    expect(snapshot.unavailable.conditionalAccessPolicies?.permission).toBe('Policy.Read.All');
    expect(snapshot.users[0]?.signInActivity?.lastNonInteractiveSignInDateTime).toBeNull();
    expect(entraSnapshotSchema.safeParse({ collectedAt: '2026-11-24T00:00:00Z', tenantId: 't', unavailable: { foo: { reason: 'license', detail: 'x' } } }).success).toBe(false);
    expect(entraSnapshotSchema.safeParse({ collectedAt: '2026-11-24T00:00:00Z', tenantId: 't', users: [{ id: 'u1', userPrincipalName: 'a', accountEnabled: 'yes' }] }).success).toBe(false);
  });

  it('derives the plan from active service plans', () => {
    const sku = (servicePlanName: string, provisioningStatus = 'Success') => ({ skuPartNumber: 'X', servicePlans: [{ servicePlanName, provisioningStatus }] });
    expect(deriveEntraPlan([sku('AAD_PREMIUM'), sku('AAD_PREMIUM_P2')])).toBe('P2');
    expect(deriveEntraPlan([sku('AAD_PREMIUM'), sku('AAD_PREMIUM_P2', 'Disabled')])).toBe('P1');
    expect(deriveEntraPlan([sku('EXCHANGE_S_STANDARD')])).toBe('none');
  });
});
