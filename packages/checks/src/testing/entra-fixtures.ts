/**
 * A clean Entra ID tenant (P2, Conditional Access done right, cloud-only admins, break-glass accounts) that no
 * Entra check flags; hybrid tests link it to the clean AD domain of `fixtures.ts`. Tests add one weakness.
 */
import { ENTRA_ROLE_TEMPLATES, type EntraSnapshot, type EntraSnapshotInput, type EntraUser, MICROSOFT_GRAPH_APP_ID, entraSnapshotSchema, type Snapshot } from '@burgwall/shared';
import { NOW, daysAgo } from './fixtures';

export const TENANT_ID = '7d3c1a2b-0000-4000-8000-000000000001';
const MICROSOFT_TENANT = 'f8cdef31-a31e-4b4a-93e4-5f571e91255a';
const PHISHING_RESISTANT_STRENGTH = '00000000-0000-0000-0000-000000000004';
const ALL = ['All'];

type EntraUserInput = NonNullable<EntraSnapshotInput['users']>[number];

/** A cloud-only member with recent sign-ins and MFA registered. */
export function entraUser(input: Partial<EntraUser> & Pick<EntraUserInput, 'id' | 'userPrincipalName'>): EntraUserInput {
  return {
    displayName: input.userPrincipalName.split('@')[0],
    accountEnabled: true,
    userType: 'Member',
    onPremisesSyncEnabled: null,
    createdDateTime: daysAgo(400),
    signInActivity: { lastSignInDateTime: daysAgo(1), lastNonInteractiveSignInDateTime: daysAgo(1) },
    authMethods: { methods: ['fido2', 'microsoftAuthenticatorPush'], isMfaRegistered: true, isMfaCapable: true },
    ...input,
  };
}

/** A cloud account synchronised from the given AD user (joined by objectSid). */
export function syncedUser(ad: Snapshot, sAMAccountName: string, id = `u-synced-${sAMAccountName}`): EntraUserInput {
  const adUser = ad.users.find((candidate) => candidate.sAMAccountName === sAMAccountName);
  if (!adUser) throw new Error(`no AD user ${sAMAccountName}`);
  return entraUser({
    id,
    userPrincipalName: `${sAMAccountName}@test.de`,
    onPremisesSyncEnabled: true,
    onPremisesSecurityIdentifier: adUser.objectSid,
    onPremisesSamAccountName: sAMAccountName,
    onPremisesDistinguishedName: adUser.distinguishedName,
  });
}

export const ROLE = {
  GA: ENTRA_ROLE_TEMPLATES.globalAdministrator,
  PRA: ENTRA_ROLE_TEMPLATES.privilegedRoleAdministrator,
  USER_ADMIN: ENTRA_ROLE_TEMPLATES.userAdministrator,
  DIR_SYNC: ENTRA_ROLE_TEMPLATES.directorySynchronizationAccounts,
} as const;

/** The clean tenant as producer input (tests modify it, then `parseEntra`). */
export function cleanEntraInput(ad?: Snapshot): EntraSnapshotInput & Required<Pick<EntraSnapshotInput, 'users' | 'directoryRoles' | 'conditionalAccessPolicies' | 'servicePrincipals' | 'applications'>> {
  const users = [
    entraUser({ id: 'u-breakglass-1', userPrincipalName: 'notfall1@test.onmicrosoft.com' }),
    entraUser({ id: 'u-breakglass-2', userPrincipalName: 'notfall2@test.onmicrosoft.com' }),
    entraUser({ id: 'u-admin', userPrincipalName: 'admin.cloud@test.onmicrosoft.com' }),
    entraUser({ id: 'u-sync', userPrincipalName: 'Sync_DC01_1a2b3c@test.onmicrosoft.com', authMethods: null }),
    entraUser({ id: 'u-guest', userPrincipalName: 'partner_extern.de#EXT#@test.onmicrosoft.com', userType: 'Guest', authMethods: null }),
  ];
  if (ad) users.push(syncedUser(ad, 'alice'));
  return {
    collectedAt: NOW,
    tenantId: TENANT_ID,
    organization: {
      id: TENANT_ID,
      displayName: 'Test GmbH',
      verifiedDomains: [{ name: 'test.onmicrosoft.com', isDefault: false, isInitial: true }, { name: 'test.de', isDefault: true, isInitial: false }],
      onPremisesSyncEnabled: true,
      onPremisesLastSyncDateTime: daysAgo(0),
    },
    subscribedSkus: [{ skuPartNumber: 'SPE_E5', servicePlans: [{ servicePlanName: 'AAD_PREMIUM', provisioningStatus: 'Success' }, { servicePlanName: 'AAD_PREMIUM_P2', provisioningStatus: 'Success' }] }],
    plan: 'P2',
    users,
    groups: [{ id: 'g-staff', displayName: 'Mitarbeitende', securityEnabled: true, isAssignableToRole: false, memberIds: ['u-admin'] }],
    directoryRoles: {
      roleDefinitions: [
        { id: ROLE.GA, displayName: 'Global Administrator', templateId: ROLE.GA },
        { id: ROLE.PRA, displayName: 'Privileged Role Administrator', templateId: ROLE.PRA },
        { id: ROLE.USER_ADMIN, displayName: 'User Administrator', templateId: ROLE.USER_ADMIN },
        { id: ROLE.DIR_SYNC, displayName: 'Directory Synchronization Accounts', templateId: ROLE.DIR_SYNC },
      ],
      roleAssignments: [
        { principalId: 'u-breakglass-1', roleDefinitionId: ROLE.GA },
        { principalId: 'u-breakglass-2', roleDefinitionId: ROLE.GA },
        { principalId: 'u-sync', roleDefinitionId: ROLE.DIR_SYNC },
      ],
      roleEligibilitySchedules: [{ principalId: 'u-admin', roleDefinitionId: ROLE.GA }],
    },
    applications: [
      {
        id: 'app-obj-1',
        appId: 'a0000000-0000-4000-8000-000000000001',
        displayName: 'Lohnbuchhaltung',
        keyCredentials: [{ keyId: 'k1', startDateTime: daysAgo(100), endDateTime: daysAgo(-265), type: 'AsymmetricX509Cert' }],
      },
    ],
    servicePrincipals: [
      {
        id: 'sp-1',
        appId: 'a0000000-0000-4000-8000-000000000001',
        displayName: 'Lohnbuchhaltung',
        servicePrincipalType: 'Application',
        accountEnabled: true,
        appOwnerOrganizationId: TENANT_ID,
        appRoleAssignments: [{ resourceAppId: MICROSOFT_GRAPH_APP_ID, permission: 'User.Read.All' }],
      },
      {
        id: 'sp-ms',
        appId: '00000002-0000-0ff1-ce00-000000000000',
        displayName: 'Office 365 Exchange Online',
        servicePrincipalType: 'Application',
        accountEnabled: true,
        appOwnerOrganizationId: MICROSOFT_TENANT,
        appRoleAssignments: [{ resourceAppId: MICROSOFT_GRAPH_APP_ID, permission: 'Directory.ReadWrite.All' }],
      },
    ],
    conditionalAccessPolicies: [
      {
        id: 'ca-legacy',
        displayName: 'Legacy-Authentifizierung blockieren',
        state: 'enabled',
        conditions: { users: { includeUsers: ALL, excludeUsers: ['u-breakglass-1', 'u-breakglass-2'] }, applications: { includeApplications: ALL }, clientAppTypes: ['exchangeActiveSync', 'other'] },
        grantControls: { builtInControls: ['block'], operator: 'OR' },
      },
      {
        id: 'ca-mfa',
        displayName: 'MFA für alle',
        state: 'enabled',
        conditions: { users: { includeUsers: ALL, excludeUsers: ['u-breakglass-1', 'u-breakglass-2'] }, applications: { includeApplications: ALL }, clientAppTypes: ['all'] },
        grantControls: { builtInControls: ['mfa'], operator: 'OR' },
      },
      {
        id: 'ca-admins',
        displayName: 'Phishing-resistente MFA für Administratoren',
        state: 'enabled',
        conditions: { users: { includeRoles: [ROLE.GA, ROLE.PRA, ROLE.USER_ADMIN] }, applications: { includeApplications: ALL }, clientAppTypes: ['all'] },
        grantControls: { builtInControls: [], operator: 'OR', authenticationStrength: { id: PHISHING_RESISTANT_STRENGTH, displayName: 'Phishing-resistente MFA' } },
      },
      {
        id: 'ca-device-code',
        displayName: 'Gerätecodefluss blockieren',
        state: 'enabled',
        conditions: { users: { includeUsers: ALL }, applications: { includeApplications: ALL }, clientAppTypes: ['all'], authenticationFlows: { transferMethods: 'deviceCodeFlow' } },
        grantControls: { builtInControls: ['block'], operator: 'OR' },
      },
      {
        id: 'ca-user-risk',
        displayName: 'Hohes Benutzerrisiko blockieren',
        state: 'enabled',
        conditions: { users: { includeUsers: ALL }, applications: { includeApplications: ALL }, clientAppTypes: ['all'], userRiskLevels: ['high'] },
        grantControls: { builtInControls: ['block'], operator: 'OR' },
      },
      {
        id: 'ca-signin-risk',
        displayName: 'Hohes Anmelderisiko blockieren',
        state: 'enabled',
        conditions: { users: { includeUsers: ALL }, applications: { includeApplications: ALL }, clientAppTypes: ['all'], signInRiskLevels: ['high'] },
        grantControls: { builtInControls: ['block'], operator: 'OR' },
      },
    ],
    authorizationPolicy: {
      allowInvitesFrom: 'adminsAndGuestInviters',
      defaultUserRolePermissions: { allowedToCreateApps: false, allowedToCreateSecurityGroups: false, allowedToCreateTenants: false, permissionGrantPoliciesAssigned: [] },
      guestUserRoleId: '2af84b1e-32c8-42b7-82bc-daa82404023b',
      allowedToUseSSPR: true,
      blockMsolPowerShell: true,
    },
    securityDefaultsEnabled: false,
    authenticationMethodsPolicy: {
      policyMigrationState: 'migrationComplete',
      authenticationMethodConfigurations: [
        { id: 'Fido2', state: 'enabled' },
        { id: 'MicrosoftAuthenticator', state: 'enabled' },
        { id: 'Sms', state: 'disabled' },
        { id: 'Voice', state: 'disabled' },
        { id: 'Email', state: 'disabled' },
      ],
    },
    unavailable: {},
  };
}

export function parseEntra(input: EntraSnapshotInput): EntraSnapshot {
  return entraSnapshotSchema.parse(input);
}

/** The clean tenant, linked to the AD snapshot's alice when given. */
export function cleanEntraSnapshot(ad?: Snapshot): EntraSnapshot {
  return parseEntra(cleanEntraInput(ad));
}
