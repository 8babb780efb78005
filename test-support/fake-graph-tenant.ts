/**
 * The directory a fake Entra tenant serves through Microsoft Graph: a small hybrid company with a synced Global
 * Administrator, a guest, a role-assignable group, an app with a dangerous Graph permission and one MFA policy.
 */
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
      { id: 'u-1', displayName: 'Anna Schmidt', userPrincipalName: 'anna@kunde.de', jobTitle: 'IT-Leitung', accountEnabled: true, userType: 'Member', onPremisesSyncEnabled: true, onPremisesSecurityIdentifier: 'S-1-5-21-1-2-3-1105', onPremisesSamAccountName: 'anna', createdDateTime: '2023-01-10T08:00:00Z' },
      { id: 'u-2', displayName: 'Ben Weber', userPrincipalName: 'ben@kunde.de', jobTitle: 'Buchhaltung', accountEnabled: true, userType: 'Member', onPremisesSyncEnabled: true, onPremisesSecurityIdentifier: 'S-1-5-21-1-2-3-1106', onPremisesSamAccountName: 'ben', createdDateTime: '2023-02-01T08:00:00Z' },
      { id: 'u-3', displayName: 'Notfall Admin', userPrincipalName: 'breakglass@kunde.onmicrosoft.com', jobTitle: null, accountEnabled: true, userType: 'Member', onPremisesSyncEnabled: null, onPremisesSecurityIdentifier: null, onPremisesSamAccountName: null, createdDateTime: '2022-06-01T08:00:00Z' },
      { id: 'u-4', displayName: 'Gast Berater', userPrincipalName: 'berater_extern.de#EXT#@kunde.onmicrosoft.com', jobTitle: null, accountEnabled: true, userType: 'Guest', onPremisesSyncEnabled: null, onPremisesSecurityIdentifier: null, onPremisesSamAccountName: null, createdDateTime: '2024-03-01T08:00:00Z' },
      { id: 'u-5', displayName: 'Clara Vogel', userPrincipalName: 'clara@kunde.de', jobTitle: 'Vertrieb', accountEnabled: false, userType: 'Member', onPremisesSyncEnabled: true, onPremisesSecurityIdentifier: 'S-1-5-21-1-2-3-1107', onPremisesSamAccountName: 'clara', createdDateTime: '2021-09-01T08:00:00Z' },
    ] as Record<string, unknown>[],
    signInActivity: { 'u-1': '2026-11-22T09:00:00Z', 'u-2': '2026-11-20T09:00:00Z', 'u-3': '2026-01-05T09:00:00Z', 'u-4': '2025-01-10T09:00:00Z' } as Record<string, string>,
    registrations: [
      { id: 'u-1', methodsRegistered: ['microsoftAuthenticatorPush'], isMfaRegistered: true, isMfaCapable: true },
      { id: 'u-2', methodsRegistered: [], isMfaRegistered: false, isMfaCapable: false },
      { id: 'u-3', methodsRegistered: ['fido2'], isMfaRegistered: true, isMfaCapable: true },
    ],
    groups: [{ id: 'g-1', displayName: 'IT-Administration', securityEnabled: true, isAssignableToRole: true, onPremisesSyncEnabled: null, onPremisesSecurityIdentifier: null }],
    groupMembers: { 'g-1': ['u-1', 'u-3'] } as Record<string, string[]>,
    groupOwners: { 'g-1': ['u-3'] } as Record<string, string[]>,
    roleDefinitions: [{ id: GLOBAL_ADMIN_TEMPLATE, displayName: 'Global Administrator', templateId: GLOBAL_ADMIN_TEMPLATE, isBuiltIn: true }],
    roleAssignments: [
      { principalId: 'u-1', roleDefinitionId: GLOBAL_ADMIN_TEMPLATE, directoryScopeId: '/' },
      { principalId: 'u-3', roleDefinitionId: GLOBAL_ADMIN_TEMPLATE, directoryScopeId: '/' },
    ],
    roleEligibilitySchedules: [] as Record<string, unknown>[],
    applications: [
      { id: 'a-1', appId: 'app-1', displayName: 'Lohnbuchhaltung Sync', passwordCredentials: [{ keyId: 'k-1', displayName: 'dauerhaft', startDateTime: '2024-01-01T00:00:00Z', endDateTime: '2123-01-01T00:00:00Z' }], keyCredentials: [] },
    ],
    servicePrincipals: [
      { id: 'sp-graph', appId: '00000003-0000-0000-c000-000000000000', displayName: 'Microsoft Graph', servicePrincipalType: 'Application', accountEnabled: true, appOwnerOrganizationId: 'f8cdef31-a31e-4b4a-93e4-5f571e91255a', passwordCredentials: [], keyCredentials: [], appRoles: [{ id: GRAPH_APP_ROLE_ROLEMANAGEMENT, value: 'RoleManagement.ReadWrite.Directory' }] },
      { id: 'sp-1', appId: 'app-1', displayName: 'Lohnbuchhaltung Sync', servicePrincipalType: 'Application', accountEnabled: true, appOwnerOrganizationId: tenantId, passwordCredentials: [], keyCredentials: [], appRoles: [] },
    ],
    appRoleAssignments: { 'sp-1': [{ resourceId: 'sp-graph', appRoleId: GRAPH_APP_ROLE_ROLEMANAGEMENT }] } as Record<string, unknown[]>,
    conditionalAccessPolicies: [
      {
        id: 'ca-1',
        displayName: 'MFA für alle',
        state: 'enabled',
        conditions: { users: { includeUsers: ['All'], excludeUsers: ['u-3'], includeRoles: [], excludeRoles: [], includeGroups: [], excludeGroups: [] }, applications: { includeApplications: ['All'], excludeApplications: [] }, clientAppTypes: ['all'] },
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
