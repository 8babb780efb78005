import { entraSnapshotSchema, type EntraSnapshot } from '@burgwall/shared';
import { describe, expect, it } from 'vitest';
import { diffEntraSnapshots } from './entra-changes';

const TENANT = '11111111-2222-4333-8444-555555555555';
const ADMIN_ROLE = '62e90394-69f5-4237-9190-012177145e10';

function snapshot(change: (input: Record<string, unknown>) => void = () => {}): EntraSnapshot {
  const input: Record<string, unknown> = {
    collectedAt: '2026-11-25T06:00:00.000Z',
    tenantId: TENANT,
    organization: { id: TENANT, displayName: 'Kunde GmbH', verifiedDomains: [] },
    users: [{ id: 'u1', userPrincipalName: 'anna@kunde.de', accountEnabled: true, userType: 'Member' }],
    groups: [{ id: 'g1', displayName: 'Admins', memberIds: ['u1'], ownerIds: [] }],
    directoryRoles: { roleDefinitions: [{ id: ADMIN_ROLE, displayName: 'Global Administrator' }], roleAssignments: [], roleEligibilitySchedules: [] },
    authorizationPolicy: { allowInvitesFrom: 'everyone', defaultUserRolePermissions: {} },
    securityDefaultsEnabled: true,
    unavailable: {},
  };
  change(input);
  return { ...entraSnapshotSchema.parse(input), plan: 'P1' } as EntraSnapshot;
}

describe('diffEntraSnapshots', () => {
  it('finds nothing between two equal collections', () => {
    expect(diffEntraSnapshots(snapshot(), snapshot())).toEqual([]);
  });

  it('records changed values, each added or removed role, and objects that disappear', () => {
    const next = snapshot((input) => {
      input.users = [{ id: 'u1', userPrincipalName: 'anna@kunde.de', accountEnabled: false, userType: 'Member' }];
      input.groups = [];
      input.directoryRoles = { roleDefinitions: [{ id: ADMIN_ROLE, displayName: 'Global Administrator' }], roleAssignments: [{ principalId: 'u1', roleDefinitionId: ADMIN_ROLE }] };
      input.securityDefaultsEnabled = false;
    });
    expect(diffEntraSnapshots(snapshot(), next)).toEqual([
      { objectId: TENANT, objectClass: 'tenant', objectName: 'Kunde GmbH', propertyName: 'securityDefaultsEnabled', oldValue: 'true', newValue: 'false' },
      { objectId: 'u1', objectClass: 'user', objectName: 'anna@kunde.de', propertyName: 'accountEnabled', oldValue: 'true', newValue: 'false' },
      { objectId: 'u1', objectClass: 'user', objectName: 'anna@kunde.de', propertyName: 'directoryRole', oldValue: null, newValue: 'Global Administrator' },
      { objectId: 'g1', objectClass: 'group', objectName: 'Admins', propertyName: 'object', oldValue: 'vorhanden', newValue: null },
    ]);
  });

  it('does not take a permission lost between two collections for deleted objects or changed settings', () => {
    const next = snapshot((input) => {
      input.groups = [];
      input.authorizationPolicy = null;
      input.unavailable = { groups: { reason: 'permission', permission: 'GroupMember.Read.All', detail: 'x' }, authorizationPolicy: { reason: 'permission', permission: 'Policy.Read.All', detail: 'x' } };
    });
    expect(diffEntraSnapshots(snapshot(), next)).toEqual([]);
  });
});
