/**
 * The directory a fake Entra tenant serves through Microsoft Graph: a small hybrid company with a synced Global
 * Administrator, a guest, a role-assignable group, an app with a dangerous Graph permission and one MFA policy.
 */
/** Object ids of the fake directory: GUIDs like Graph's (change records key on them). */
export const FAKE_IDS = {
  u1: '00000000-0000-4000-8000-0000000000a1',
  u2: '00000000-0000-4000-8000-0000000000a2',
  u3: '00000000-0000-4000-8000-0000000000a3',
  u4: '00000000-0000-4000-8000-0000000000a4',
  u5: '00000000-0000-4000-8000-0000000000a5',
  g1: '00000000-0000-4000-8000-0000000000b1',
  a1: '00000000-0000-4000-8000-0000000000c1',
  sp1: '00000000-0000-4000-8000-0000000000d1',
  spGraph: '00000000-0000-4000-8000-0000000000d0',
  ca1: '00000000-0000-4000-8000-0000000000e1',
} as const;

export const GRAPH_APP_ROLE_ROLEMANAGEMENT = '9e3f62cf-ca93-4989-b6ce-bf83c28f9fe8';
export const GLOBAL_ADMIN_TEMPLATE = '62e90394-69f5-4237-9190-012177145e10';

export function fakeGraphTenant(tenantId: string) {
  return {
    organization: [
      {
        id: tenantId,
        displayName: 'Kunde GmbH',
        verifiedDomains: [
          { name: 'kunde.onmicrosoft.com', isDefault: false, isInitial: true },
          { name: 'kunde.de', isDefault: true, isInitial: false },
        ],
        onPremisesSyncEnabled: true,
        onPremisesLastSyncDateTime: '2026-11-23T07:30:00Z',
      },
    ],
    subscribedSkus: [{ skuPartNumber: 'AAD_PREMIUM', servicePlans: [{ servicePlanName: 'AAD_PREMIUM', provisioningStatus: 'Success' }] }],
    users: [
      { id: FAKE_IDS.u1, displayName: 'Anna Schmidt', userPrincipalName: 'anna@kunde.de', jobTitle: 'IT-Leitung', accountEnabled: true, userType: 'Member', onPremisesSyncEnabled: true, onPremisesSecurityIdentifier: 'S-1-5-21-1-2-3-1105', onPremisesSamAccountName: 'anna', createdDateTime: '2023-01-10T08:00:00Z' },
      { id: FAKE_IDS.u2, displayName: 'Ben Weber', userPrincipalName: 'ben@kunde.de', jobTitle: 'Buchhaltung', accountEnabled: true, userType: 'Member', onPremisesSyncEnabled: true, onPremisesSecurityIdentifier: 'S-1-5-21-1-2-3-1106', onPremisesSamAccountName: 'ben', createdDateTime: '2023-02-01T08:00:00Z' },
      { id: FAKE_IDS.u3, displayName: 'Notfall Admin', userPrincipalName: 'breakglass@kunde.onmicrosoft.com', jobTitle: null, accountEnabled: true, userType: 'Member', onPremisesSyncEnabled: null, onPremisesSecurityIdentifier: null, onPremisesSamAccountName: null, createdDateTime: '2022-06-01T08:00:00Z' },
      { id: FAKE_IDS.u4, displayName: 'Gast Berater', userPrincipalName: 'berater_extern.de#EXT#@kunde.onmicrosoft.com', jobTitle: null, accountEnabled: true, userType: 'Guest', onPremisesSyncEnabled: null, onPremisesSecurityIdentifier: null, onPremisesSamAccountName: null, createdDateTime: '2024-03-01T08:00:00Z' },
      { id: FAKE_IDS.u5, displayName: 'Clara Vogel', userPrincipalName: 'clara@kunde.de', jobTitle: 'Vertrieb', accountEnabled: false, userType: 'Member', onPremisesSyncEnabled: true, onPremisesSecurityIdentifier: 'S-1-5-21-1-2-3-1107', onPremisesSamAccountName: 'clara', createdDateTime: '2021-09-01T08:00:00Z' },
    ] as Record<string, unknown>[],
    signInActivity: { [FAKE_IDS.u1]: '2026-11-22T09:00:00Z', [FAKE_IDS.u2]: '2026-11-20T09:00:00Z', [FAKE_IDS.u3]: '2026-01-05T09:00:00Z', [FAKE_IDS.u4]: '2025-01-10T09:00:00Z' } as Record<string, string>,
    registrations: [
      { id: FAKE_IDS.u1, methodsRegistered: ['microsoftAuthenticatorPush'], isMfaRegistered: true, isMfaCapable: true },
      { id: FAKE_IDS.u2, methodsRegistered: [], isMfaRegistered: false, isMfaCapable: false },
      { id: FAKE_IDS.u3, methodsRegistered: ['fido2'], isMfaRegistered: true, isMfaCapable: true },
    ],
    groups: [{ id: FAKE_IDS.g1, displayName: 'IT-Administration', securityEnabled: true, isAssignableToRole: true, onPremisesSyncEnabled: null, onPremisesSecurityIdentifier: null }],
    groupMembers: { [FAKE_IDS.g1]: [FAKE_IDS.u1, FAKE_IDS.u3] } as Record<string, string[]>,
    groupOwners: { [FAKE_IDS.g1]: [FAKE_IDS.u3] } as Record<string, string[]>,
    roleDefinitions: [{ id: GLOBAL_ADMIN_TEMPLATE, displayName: 'Global Administrator', templateId: GLOBAL_ADMIN_TEMPLATE, isBuiltIn: true }],
    roleAssignments: [
      { principalId: FAKE_IDS.u1, roleDefinitionId: GLOBAL_ADMIN_TEMPLATE, directoryScopeId: '/' },
      { principalId: FAKE_IDS.u3, roleDefinitionId: GLOBAL_ADMIN_TEMPLATE, directoryScopeId: '/' },
    ],
    roleEligibilitySchedules: [] as Record<string, unknown>[],
    applications: [
      { id: FAKE_IDS.a1, appId: 'app-1', displayName: 'Lohnbuchhaltung Sync', passwordCredentials: [{ keyId: 'k-1', displayName: 'dauerhaft', startDateTime: '2024-01-01T00:00:00Z', endDateTime: '2123-01-01T00:00:00Z' }], keyCredentials: [] },
    ],
    servicePrincipals: [
      { id: FAKE_IDS.spGraph, appId: '00000003-0000-0000-c000-000000000000', displayName: 'Microsoft Graph', servicePrincipalType: 'Application', accountEnabled: true, appOwnerOrganizationId: 'f8cdef31-a31e-4b4a-93e4-5f571e91255a', passwordCredentials: [], keyCredentials: [], appRoles: [{ id: GRAPH_APP_ROLE_ROLEMANAGEMENT, value: 'RoleManagement.ReadWrite.Directory' }] },
      { id: FAKE_IDS.sp1, appId: 'app-1', displayName: 'Lohnbuchhaltung Sync', servicePrincipalType: 'Application', accountEnabled: true, appOwnerOrganizationId: tenantId, passwordCredentials: [], keyCredentials: [], appRoles: [] },
    ],
    /** Owners of app registrations and service principals by object id: the accountant owns the payroll app. */
    appOwners: { [FAKE_IDS.a1]: [FAKE_IDS.u2], [FAKE_IDS.sp1]: [FAKE_IDS.u2] } as Record<string, string[]>,
    appRoleAssignments: { [FAKE_IDS.sp1]: [{ resourceId: FAKE_IDS.spGraph, appRoleId: GRAPH_APP_ROLE_ROLEMANAGEMENT }] } as Record<string, unknown[]>,
    conditionalAccessPolicies: [
      {
        id: FAKE_IDS.ca1,
        displayName: 'MFA für alle',
        state: 'enabled',
        conditions: { users: { includeUsers: ['All'], excludeUsers: [FAKE_IDS.u3], includeRoles: [], excludeRoles: [], includeGroups: [], excludeGroups: [] }, applications: { includeApplications: ['All'], excludeApplications: [] }, clientAppTypes: ['all'] },
        grantControls: { builtInControls: ['mfa'], operator: 'OR' },
      },
    ],
    namedLocations: [] as Record<string, unknown>[],
    authorizationPolicy: {
      allowInvitesFrom: 'everyone',
      defaultUserRolePermissions: { allowedToCreateApps: true, allowedToCreateSecurityGroups: true, permissionGrantPoliciesAssigned: ['ManagePermissionGrantsForSelf.microsoft-user-default-legacy'] },
      guestUserRoleId: '10dae51f-b6af-4016-8d66-8c2a99b929b3',
      allowedToUseSSPR: true,
      blockMsolPowerShell: false,
    },
    securityDefaults: { isEnabled: false },
    authenticationMethodsPolicy: { policyMigrationState: 'migrationComplete', authenticationMethodConfigurations: [{ id: 'Sms', state: 'enabled' }, { id: 'MicrosoftAuthenticator', state: 'enabled' }, { id: 'Fido2', state: 'enabled' }] },
  };
}

export type FakeGraphTenant = ReturnType<typeof fakeGraphTenant>;
