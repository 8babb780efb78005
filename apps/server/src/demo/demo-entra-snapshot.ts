/**
 * A realistic Entra ID tenant for one demo client (hybrid, Entra ID P1): mostly well configured, with a few
 * typical findings — a synced domain admin as Global Administrator, users may register apps, SMS sign-in, an
 * ancient app secret, a forgotten guest — and PIM data missing for want of P2 („Nicht geprüft“).
 */
import { ENTRA_ROLE_TEMPLATES, type EntraSnapshotInput, MICROSOFT_GRAPH_APP_ID, type Snapshot, deriveEntraPlan } from '@burgwall/shared';

const DAY = 86_400_000;

export function demoEntraSnapshot(ad: Snapshot, tenantName: string, now = new Date()): EntraSnapshotInput {
  const ago = (days: number) => new Date(now.getTime() - days * DAY).toISOString();
  const tenantId = '5b0e7c1d-2f3a-4c5b-8d6e-7f8091a2b3c4';
  const domain = ad.domain.dnsName.replace(/\.local$|\.intern$/, '.de');
  const recent = { lastSignInDateTime: ago(1), lastNonInteractiveSignInDateTime: ago(0) };
  const mfa = { methods: ['microsoftAuthenticatorPush', 'fido2'], isMfaRegistered: true, isMfaCapable: true };
  const synced = (sAMAccountName: string) => {
    const account = ad.users.find((candidate) => candidate.sAMAccountName === sAMAccountName);
    if (!account) throw new Error(`demo AD has no ${sAMAccountName}`);
    return {
      id: `demo-synced-${sAMAccountName}`,
      userPrincipalName: `${sAMAccountName}@${domain}`,
      displayName: sAMAccountName,
      accountEnabled: true,
      userType: 'Member',
      onPremisesSyncEnabled: true,
      onPremisesSecurityIdentifier: account.objectSid,
      onPremisesSamAccountName: sAMAccountName,
      onPremisesDistinguishedName: account.distinguishedName,
      createdDateTime: ago(600),
      signInActivity: recent,
      authMethods: mfa,
    };
  };
  const cloud = (id: string, upn: string, extra: Record<string, unknown> = {}) => ({
    id,
    userPrincipalName: upn,
    displayName: upn.split('@')[0],
    accountEnabled: true,
    userType: 'Member',
    createdDateTime: ago(500),
    signInActivity: recent,
    authMethods: mfa,
    ...extra,
  });
  const staff = ad.users.filter((user) => user.sAMAccountName.startsWith('mitarbeiter')).slice(0, 25).map((user) => synced(user.sAMAccountName));
  const skus = [{ skuPartNumber: 'SPB', servicePlans: [{ servicePlanName: 'AAD_PREMIUM', provisioningStatus: 'Success' }, { servicePlanName: 'EXCHANGE_S_STANDARD', provisioningStatus: 'Success' }] }];
  const GA = ENTRA_ROLE_TEMPLATES.globalAdministrator;
  const breakGlass = ['demo-notfall-1', 'demo-notfall-2'];
  const allUsers = { includeUsers: ['All'], excludeUsers: breakGlass };

  return {
    collectedAt: now.toISOString(),
    tenantId,
    organization: {
      id: tenantId,
      displayName: tenantName,
      verifiedDomains: [{ name: `${domain.split('.')[0]}.onmicrosoft.com`, isDefault: false, isInitial: true }, { name: domain, isDefault: true, isInitial: false }],
      onPremisesSyncEnabled: true,
      onPremisesLastSyncDateTime: ago(0),
    },
    subscribedSkus: skus,
    plan: deriveEntraPlan(skus),
    users: [
      cloud('demo-notfall-1', `notfall1@${domain}`, { signInActivity: { lastSignInDateTime: ago(60), lastNonInteractiveSignInDateTime: null } }),
      cloud('demo-notfall-2', `notfall2@${domain}`, { signInActivity: { lastSignInDateTime: ago(60), lastNonInteractiveSignInDateTime: null } }),
      cloud('demo-it-admin', `it-admin@${domain}`),
      cloud('demo-sync', `Sync_DC01_4f2a9c@${domain.split('.')[0]}.onmicrosoft.com`, { authMethods: null }),
      synced('adm-1'),
      ...staff,
      cloud('demo-guest-steuer', `kanzlei_steuer-partner.de#EXT#@${domain.split('.')[0]}.onmicrosoft.com`, { userType: 'Guest', authMethods: null, signInActivity: { lastSignInDateTime: ago(210), lastNonInteractiveSignInDateTime: null } }),
      cloud('demo-guest-cad', `support_cad-haus.de#EXT#@${domain.split('.')[0]}.onmicrosoft.com`, { userType: 'Guest', authMethods: null }),
    ],
    groups: [{ id: 'demo-group-staff', displayName: 'Alle Mitarbeitenden', securityEnabled: true, onPremisesSyncEnabled: true, memberIds: staff.map((user) => user.id) }],
    directoryRoles: {
      roleDefinitions: [
        { id: GA, displayName: 'Global Administrator', templateId: GA },
        { id: ENTRA_ROLE_TEMPLATES.exchangeAdministrator, displayName: 'Exchange Administrator', templateId: ENTRA_ROLE_TEMPLATES.exchangeAdministrator },
        { id: ENTRA_ROLE_TEMPLATES.directorySynchronizationAccounts, displayName: 'Directory Synchronization Accounts', templateId: ENTRA_ROLE_TEMPLATES.directorySynchronizationAccounts },
      ],
      roleAssignments: [
        { principalId: 'demo-notfall-1', roleDefinitionId: GA },
        { principalId: 'demo-notfall-2', roleDefinitionId: GA },
        { principalId: 'demo-it-admin', roleDefinitionId: ENTRA_ROLE_TEMPLATES.exchangeAdministrator },
        { principalId: 'demo-synced-adm-1', roleDefinitionId: GA },
        { principalId: 'demo-sync', roleDefinitionId: ENTRA_ROLE_TEMPLATES.directorySynchronizationAccounts },
      ],
      roleEligibilitySchedules: [],
    },
    applications: [
      { id: 'demo-app-erp', appId: '6a1d0c2e-0000-4000-8000-00000000e4b1', displayName: 'ERP-Schnittstelle', ownerIds: ['demo-it-admin'], passwordCredentials: [{ keyId: 'demo-secret-1', displayName: 'Produktiv', startDateTime: ago(900), endDateTime: ago(-99 * 365) }] },
      { id: 'demo-app-scan', appId: '6a1d0c2e-0000-4000-8000-00000000e4b2', displayName: 'Scan-to-Mail', keyCredentials: [{ keyId: 'demo-cert-1', type: 'AsymmetricX509Cert', startDateTime: ago(100), endDateTime: ago(-265) }] },
    ],
    servicePrincipals: [
      { id: 'demo-sp-erp', appId: '6a1d0c2e-0000-4000-8000-00000000e4b1', displayName: 'ERP-Schnittstelle', servicePrincipalType: 'Application', accountEnabled: true, appOwnerOrganizationId: tenantId, appRoleAssignments: [{ resourceAppId: MICROSOFT_GRAPH_APP_ID, permission: 'User.Read.All' }] },
      { id: 'demo-sp-scan', appId: '6a1d0c2e-0000-4000-8000-00000000e4b2', displayName: 'Scan-to-Mail', servicePrincipalType: 'Application', accountEnabled: true, appOwnerOrganizationId: tenantId, appRoleAssignments: [{ resourceAppId: MICROSOFT_GRAPH_APP_ID, permission: 'Mail.Send' }] },
    ],
    conditionalAccessPolicies: [
      { id: 'demo-ca-legacy', displayName: 'Legacy-Authentifizierung blockieren', state: 'enabled', conditions: { users: allUsers, applications: { includeApplications: ['All'] }, clientAppTypes: ['exchangeActiveSync', 'other'] }, grantControls: { builtInControls: ['block'], operator: 'OR' } },
      { id: 'demo-ca-mfa', displayName: 'MFA für alle Benutzer', state: 'enabled', conditions: { users: allUsers, applications: { includeApplications: ['All'] }, clientAppTypes: ['all'] }, grantControls: { builtInControls: ['mfa'], operator: 'OR' } },
      {
        id: 'demo-ca-admins',
        displayName: 'Administratoren: phishing-resistente MFA',
        state: 'enabled',
        conditions: { users: { includeRoles: [GA, ENTRA_ROLE_TEMPLATES.exchangeAdministrator] }, applications: { includeApplications: ['All'] }, clientAppTypes: ['all'] },
        grantControls: { builtInControls: [], operator: 'OR', authenticationStrength: { id: '00000000-0000-0000-0000-000000000004', displayName: 'Phishing-resistente MFA' } },
      },
      { id: 'demo-ca-device-code', displayName: 'Gerätecodefluss blockieren', state: 'enabled', conditions: { users: allUsers, applications: { includeApplications: ['All'] }, clientAppTypes: ['all'], authenticationFlows: { transferMethods: 'deviceCodeFlow' } }, grantControls: { builtInControls: ['block'], operator: 'OR' } },
    ],
    authorizationPolicy: {
      allowInvitesFrom: 'adminsAndGuestInviters',
      defaultUserRolePermissions: { allowedToCreateApps: true, allowedToCreateSecurityGroups: false, allowedToCreateTenants: false, permissionGrantPoliciesAssigned: [] },
      guestUserRoleId: '2af84b1e-32c8-42b7-82bc-daa82404023b',
      allowedToUseSSPR: true,
      blockMsolPowerShell: true,
    },
    securityDefaultsEnabled: false,
    authenticationMethodsPolicy: {
      policyMigrationState: 'migrationComplete',
      authenticationMethodConfigurations: [
        { id: 'MicrosoftAuthenticator', state: 'enabled' },
        { id: 'Fido2', state: 'enabled' },
        { id: 'Sms', state: 'enabled' },
        { id: 'Voice', state: 'disabled' },
        { id: 'Email', state: 'disabled' },
      ],
    },
    unavailable: {
      roleEligibilitySchedules: { reason: 'license', detail: 'PIM-Berechtigungen erfordern Entra ID P2; der Mandant hat Entra ID P1.' },
    },
  };
}
