/**
 * What the server reads from Microsoft Graph about one client's Entra ID tenant: one snapshot per collection,
 * stored in the client table `entra_snapshot` and read by the Entra and hybrid checks. Property names are
 * Graph's (camelCase, as `@microsoft/microsoft-graph-types` spells them), but only what the checks need.
 *
 * Strict about types, tolerant about absence: whatever Graph may leave out is optional or nullable with a
 * default, and a data area the app may not read (missing permission or licence) is not an error but an
 * entry in `unavailable` — the checks that need it then report „Nicht geprüft“ with the German reason.
 */
import { z } from 'zod';

/** Graph returns ISO 8601 date-times with up to 7 fractional digits and a Z; absent or null means "unknown/never". */
const graphDateTime = z.iso.datetime({ offset: true }).nullable().default(null);
const stringList = z.array(z.string()).default([]);

/** Application id of Microsoft Graph itself: app role assignments to it are Graph application permissions. */
export const MICROSOFT_GRAPH_APP_ID = '00000003-0000-0000-c000-000000000000';

/** Role template ids (identical in every tenant) of the directory roles the checks care about. */
export const ENTRA_ROLE_TEMPLATES = {
  globalAdministrator: '62e90394-69f5-4237-9190-012177145e10',
  privilegedRoleAdministrator: 'e8611ab8-c189-46e8-94e1-60213ab1f814',
  privilegedAuthenticationAdministrator: '7be44c8a-adaf-4e2a-84d6-ab2649e08a13',
  securityAdministrator: '194ae4cb-b126-40b2-bd5b-6091b380977d',
  exchangeAdministrator: '29232cdf-9323-42fd-ade2-1d097af3e4de',
  sharePointAdministrator: 'f28a1f50-f6e7-4571-818b-6a12f2af6b6c',
  userAdministrator: 'fe930be7-5e62-47db-91af-98c3a49a38b1',
  applicationAdministrator: '9b895d92-2cd3-44c7-9d02-a6ac2d5ea5c3',
  cloudApplicationAdministrator: '158c047a-c907-4556-b7ef-446551a6b5f7',
  authenticationAdministrator: 'c4e39bd9-1100-46d3-8c65-fb160da0071f',
  conditionalAccessAdministrator: 'b1be1c3e-b65d-4f19-8427-f6fa0d97feb9',
  helpdeskAdministrator: '729827e3-9c14-49f7-bb1b-9608f156bbb8',
  hybridIdentityAdministrator: '8ac3fc64-6eca-42ea-9e69-59f4c7b60eb2',
  intuneAdministrator: '3a2c62db-5318-420d-8d74-23affee5d9d5',
  /** "Directory Synchronization Accounts": held by the Entra Connect sync account. */
  directorySynchronizationAccounts: 'd29b2b05-8046-44ba-8758-1e26182fcf32',
} as const;

/** The data areas the collector reads separately; each may be unavailable on its own. */
export const ENTRA_DATA_AREAS = [
  'organization',
  'subscribedSkus',
  'users',
  'signInActivity',
  'authMethods',
  'groups',
  'roleDefinitions',
  'roleAssignments',
  'roleEligibilitySchedules',
  'applications',
  'servicePrincipals',
  'conditionalAccessPolicies',
  'namedLocations',
  'authorizationPolicy',
  'securityDefaults',
  'authenticationMethodsPolicy',
] as const;
export const entraDataAreaSchema = z.enum(ENTRA_DATA_AREAS);
export type EntraDataArea = z.infer<typeof entraDataAreaSchema>;

/** Why a data area could not be read: the app lacks a Graph permission, or the tenant lacks a licence (e.g. P1/P2). */
export const entraUnavailableSchema = z.object({
  reason: z.enum(['permission', 'license']),
  /** The missing Graph permission, e.g. `Policy.Read.All`. */
  permission: z.string().min(1).optional(),
  /** German explanation for the user. */
  detail: z.string().min(1),
});
export type EntraUnavailable = z.infer<typeof entraUnavailableSchema>;

export const entraVerifiedDomainSchema = z.object({
  name: z.string().min(1),
  isDefault: z.boolean().default(false),
  isInitial: z.boolean().default(false),
});

export const entraOrganizationSchema = z.object({
  id: z.string().min(1),
  displayName: z.string().nullable().default(null),
  verifiedDomains: z.array(entraVerifiedDomainSchema).default([]),
  onPremisesSyncEnabled: z.boolean().nullable().default(null),
  onPremisesLastSyncDateTime: graphDateTime,
});
export type EntraOrganization = z.infer<typeof entraOrganizationSchema>;

export const entraServicePlanSchema = z.object({
  servicePlanName: z.string().min(1),
  /** "Success", "Disabled", "PendingProvisioning", … */
  provisioningStatus: z.string().nullable().default(null),
});

export const entraSubscribedSkuSchema = z.object({
  skuPartNumber: z.string().min(1),
  servicePlans: z.array(entraServicePlanSchema).default([]),
});
export type EntraSubscribedSku = z.infer<typeof entraSubscribedSkuSchema>;

export const entraPlanSchema = z.enum(['P2', 'P1', 'none']);
export type EntraPlan = z.infer<typeof entraPlanSchema>;

/** The tenant's Entra ID plan from its SKUs: an active AAD_PREMIUM_P2 plan → P2, else AAD_PREMIUM → P1, else none. */
export function deriveEntraPlan(skus: readonly EntraSubscribedSku[]): EntraPlan {
  const active = new Set(
    skus.flatMap((sku) => sku.servicePlans.filter((plan) => plan.provisioningStatus !== 'Disabled').map((plan) => plan.servicePlanName)),
  );
  if (active.has('AAD_PREMIUM_P2')) return 'P2';
  if (active.has('AAD_PREMIUM')) return 'P1';
  return 'none';
}

export const entraSignInActivitySchema = z.object({
  lastSignInDateTime: graphDateTime,
  lastNonInteractiveSignInDateTime: graphDateTime,
});

/** From /reports/authenticationMethods/userRegistrationDetails. */
export const entraUserAuthMethodsSchema = z.object({
  /** methodsRegistered, e.g. "microsoftAuthenticatorPush", "fido2", "mobilePhone". */
  methods: stringList,
  isMfaRegistered: z.boolean(),
  isMfaCapable: z.boolean(),
});

export const entraUserSchema = z.object({
  id: z.string().min(1),
  userPrincipalName: z.string().min(1),
  displayName: z.string().nullable().default(null),
  accountEnabled: z.boolean().nullable().default(null),
  /** "Member" or "Guest". */
  userType: z.string().nullable().default(null),
  onPremisesSyncEnabled: z.boolean().nullable().default(null),
  /** The AD objectSid of a synchronised account: the join key to the AD snapshot. */
  onPremisesSecurityIdentifier: z.string().nullable().default(null),
  onPremisesSamAccountName: z.string().nullable().default(null),
  onPremisesDistinguishedName: z.string().nullable().optional(),
  createdDateTime: graphDateTime,
  lastPasswordChangeDateTime: graphDateTime.optional(),
  /** Absent when `signInActivity` is unavailable (needs AuditLog.Read.All and P1). */
  signInActivity: entraSignInActivitySchema.nullable().optional(),
  /** Absent when `authMethods` is unavailable (needs AuditLog.Read.All/Reports and P1). */
  authMethods: entraUserAuthMethodsSchema.nullable().optional(),
});
export type EntraUser = z.infer<typeof entraUserSchema>;

export const entraGroupSchema = z.object({
  id: z.string().min(1),
  displayName: z.string().nullable().default(null),
  securityEnabled: z.boolean().nullable().default(null),
  isAssignableToRole: z.boolean().nullable().default(null),
  onPremisesSyncEnabled: z.boolean().nullable().default(null),
  onPremisesSecurityIdentifier: z.string().nullable().default(null),
  memberIds: stringList,
  ownerIds: stringList,
});
export type EntraGroup = z.infer<typeof entraGroupSchema>;

export const entraRoleDefinitionSchema = z.object({
  id: z.string().min(1),
  displayName: z.string().min(1),
  templateId: z.string().nullable().default(null),
  isBuiltIn: z.boolean().default(true),
});
export type EntraRoleDefinition = z.infer<typeof entraRoleDefinitionSchema>;

export const entraRoleAssignmentSchema = z.object({
  principalId: z.string().min(1),
  roleDefinitionId: z.string().min(1),
  directoryScopeId: z.string().default('/'),
});
export type EntraRoleAssignment = z.infer<typeof entraRoleAssignmentSchema>;

export const entraRoleEligibilityScheduleSchema = z.object({
  principalId: z.string().min(1),
  roleDefinitionId: z.string().min(1),
});

export const entraDirectoryRolesSchema = z.object({
  roleDefinitions: z.array(entraRoleDefinitionSchema).default([]),
  /** Active (permanent or activated) assignments: /roleManagement/directory/roleAssignments. */
  roleAssignments: z.array(entraRoleAssignmentSchema).default([]),
  /** PIM eligibilities (P2 only; otherwise listed in `unavailable`). */
  roleEligibilitySchedules: z.array(entraRoleEligibilityScheduleSchema).default([]),
});
export type EntraDirectoryRoles = z.infer<typeof entraDirectoryRolesSchema>;

export const entraPasswordCredentialSchema = z.object({
  keyId: z.string().min(1),
  startDateTime: graphDateTime.optional(),
  endDateTime: graphDateTime,
  displayName: z.string().nullable().default(null),
});
export const entraKeyCredentialSchema = z.object({
  keyId: z.string().min(1),
  startDateTime: graphDateTime.optional(),
  endDateTime: graphDateTime,
  displayName: z.string().nullable().default(null),
  /** "AsymmetricX509Cert", "Symmetric", … */
  type: z.string().nullable().default(null),
});
export type EntraCredential = z.infer<typeof entraPasswordCredentialSchema> | z.infer<typeof entraKeyCredentialSchema>;

export const entraRequiredResourceAccessSchema = z.object({
  resourceAppId: z.string().min(1),
  resourceAccess: z.array(z.object({ id: z.string().min(1), type: z.string().min(1) })).default([]),
});

export const entraApplicationSchema = z.object({
  id: z.string().min(1),
  appId: z.string().min(1),
  displayName: z.string().nullable().default(null),
  passwordCredentials: z.array(entraPasswordCredentialSchema).default([]),
  keyCredentials: z.array(entraKeyCredentialSchema).default([]),
  ownerIds: stringList,
  requiredResourceAccess: z.array(entraRequiredResourceAccessSchema).optional(),
});
export type EntraApplication = z.infer<typeof entraApplicationSchema>;

/** An application permission granted to a service principal, resolved to its name (e.g. `Directory.ReadWrite.All`). */
export const entraAppRoleAssignmentSchema = z.object({
  resourceAppId: z.string().min(1),
  appRoleId: z.string().optional(),
  /** The app role's value; null when the resource's role could not be resolved. */
  permission: z.string().nullable().default(null),
});
export type EntraAppRoleAssignment = z.infer<typeof entraAppRoleAssignmentSchema>;

/** A delegated permission grant (consent): scope is space-separated, e.g. "Mail.Read offline_access". */
export const entraOAuth2PermissionGrantSchema = z.object({
  clientId: z.string().min(1),
  resourceId: z.string().min(1),
  /** "AllPrincipals" (admin consent for everyone) or "Principal" (one user's consent). */
  consentType: z.string().min(1),
  principalId: z.string().nullable().default(null),
  scope: z.string().default(''),
});

export const entraServicePrincipalSchema = z.object({
  id: z.string().min(1),
  appId: z.string().min(1),
  displayName: z.string().nullable().default(null),
  /** "Application", "ManagedIdentity", "Legacy", "SocialIdp". */
  servicePrincipalType: z.string().nullable().default(null),
  accountEnabled: z.boolean().nullable().default(null),
  /** Tenant id of the publisher: equal to the tenant for own apps, Microsoft's for first-party apps. */
  appOwnerOrganizationId: z.string().nullable().default(null),
  passwordCredentials: z.array(entraPasswordCredentialSchema).default([]),
  keyCredentials: z.array(entraKeyCredentialSchema).default([]),
  ownerIds: stringList,
  appRoleAssignments: z.array(entraAppRoleAssignmentSchema).default([]),
  oauth2PermissionGrants: z.array(entraOAuth2PermissionGrantSchema).optional(),
});
export type EntraServicePrincipal = z.infer<typeof entraServicePrincipalSchema>;

export const entraConditionalAccessPolicySchema = z.object({
  id: z.string().min(1),
  displayName: z.string().nullable().default(null),
  /** "enabled", "disabled", "enabledForReportingButNotEnforced". */
  state: z.string().min(1),
  conditions: z.object({
    users: z
      .object({
        includeUsers: stringList,
        excludeUsers: stringList,
        includeRoles: stringList,
        excludeRoles: stringList,
        includeGroups: stringList,
        excludeGroups: stringList,
      })
      .default({ includeUsers: [], excludeUsers: [], includeRoles: [], excludeRoles: [], includeGroups: [], excludeGroups: [] }),
    applications: z
      .object({ includeApplications: stringList, excludeApplications: stringList })
      .default({ includeApplications: [], excludeApplications: [] }),
    /** "all", "browser", "mobileAppsAndDesktopClients", "exchangeActiveSync", "other". */
    clientAppTypes: stringList,
    locations: z.object({ includeLocations: stringList, excludeLocations: stringList }).nullable().optional(),
    /** "deviceCodeFlow", "authenticationTransfer" (comma-separated, as Graph returns it). */
    authenticationFlows: z.object({ transferMethods: z.string().nullable().default(null) }).nullable().optional(),
    userRiskLevels: stringList.optional(),
    signInRiskLevels: stringList.optional(),
  }),
  grantControls: z
    .object({
      /** "block", "mfa", "compliantDevice", "domainJoinedDevice", … */
      builtInControls: stringList,
      operator: z.string().nullable().default(null),
      authenticationStrength: z.object({ id: z.string(), displayName: z.string().nullable().default(null) }).nullable().optional(),
    })
    .nullable()
    .default(null),
  sessionControls: z.record(z.string(), z.unknown()).nullable().optional(),
});
export type EntraConditionalAccessPolicy = z.infer<typeof entraConditionalAccessPolicySchema>;

export const entraNamedLocationSchema = z.object({
  id: z.string().min(1),
  displayName: z.string().nullable().default(null),
  /** "#microsoft.graph.ipNamedLocation" or "#microsoft.graph.countryNamedLocation". */
  kind: z.enum(['ip', 'country', 'other']).default('other'),
  isTrusted: z.boolean().default(false),
  ipRanges: stringList,
  countriesAndRegions: stringList,
});

export const entraAuthorizationPolicySchema = z.object({
  /** "none", "adminsAndGuestInviters", "adminsGuestInvitersAndAllMembers", "everyone". */
  allowInvitesFrom: z.string().nullable().default(null),
  defaultUserRolePermissions: z.object({
    allowedToCreateApps: z.boolean().nullable().default(null),
    allowedToCreateSecurityGroups: z.boolean().nullable().default(null),
    allowedToCreateTenants: z.boolean().nullable().optional(),
    /** E.g. "ManagePermissionGrantsForSelf.microsoft-user-default-legacy": users may consent to apps. */
    permissionGrantPoliciesAssigned: stringList,
  }),
  /** a0b1b346-… restricted guest, 10dae51f-… guest user, a0b1b346… most restricted; see GUEST_ROLE_IDS. */
  guestUserRoleId: z.string().nullable().default(null),
  allowedToUseSSPR: z.boolean().nullable().default(null),
  blockMsolPowerShell: z.boolean().nullable().default(null),
});
export type EntraAuthorizationPolicy = z.infer<typeof entraAuthorizationPolicySchema>;

/** guestUserRoleId values of the authorization policy. */
export const GUEST_ROLE_IDS = {
  sameAsMembers: 'a0b1b346-4d3e-4e8b-98f8-753987be4970',
  guestUser: '10dae51f-b6af-4016-8d66-8c2a99b929b3',
  restrictedGuest: '2af84b1e-32c8-42b7-82bc-daa82404023b',
} as const;

export const entraAuthenticationMethodConfigurationSchema = z.object({
  /** "Fido2", "MicrosoftAuthenticator", "Sms", "Voice", "Email", "TemporaryAccessPass", … */
  id: z.string().min(1),
  state: z.enum(['enabled', 'disabled']),
});

export const entraAuthenticationMethodsPolicySchema = z.object({
  /** "preMigration", "migrationInProgress", "migrationComplete". */
  policyMigrationState: z.string().nullable().default(null),
  authenticationMethodConfigurations: z.array(entraAuthenticationMethodConfigurationSchema).default([]),
});

export const ENTRA_SNAPSHOT_SCHEMA_VERSION = 1;

export const entraSnapshotSchema = z.object({
  schemaVersion: z.literal(ENTRA_SNAPSHOT_SCHEMA_VERSION).default(ENTRA_SNAPSHOT_SCHEMA_VERSION),
  collectedAt: z.iso.datetime({ offset: true }),
  tenantId: z.string().min(1),
  organization: entraOrganizationSchema.nullable().default(null),
  subscribedSkus: z.array(entraSubscribedSkuSchema).default([]),
  /** Derived by the collector from `subscribedSkus` with `deriveEntraPlan`. */
  plan: entraPlanSchema.default('none'),
  users: z.array(entraUserSchema).default([]),
  groups: z.array(entraGroupSchema).default([]),
  directoryRoles: entraDirectoryRolesSchema.default({ roleDefinitions: [], roleAssignments: [], roleEligibilitySchedules: [] }),
  applications: z.array(entraApplicationSchema).default([]),
  servicePrincipals: z.array(entraServicePrincipalSchema).default([]),
  conditionalAccessPolicies: z.array(entraConditionalAccessPolicySchema).default([]),
  namedLocations: z.array(entraNamedLocationSchema).default([]),
  authorizationPolicy: entraAuthorizationPolicySchema.nullable().default(null),
  /** identitySecurityDefaultsEnforcementPolicy.isEnabled; null when unknown. */
  securityDefaultsEnabled: z.boolean().nullable().default(null),
  authenticationMethodsPolicy: entraAuthenticationMethodsPolicySchema.nullable().default(null),
  /** Data areas the app could not read, with the reason: data, not an error. */
  unavailable: z.partialRecord(entraDataAreaSchema, entraUnavailableSchema).default({}),
});
export type EntraSnapshot = z.infer<typeof entraSnapshotSchema>;
/** What producers (the Graph collection job, fixtures) may write: defaults not yet applied. */
export type EntraSnapshotInput = z.input<typeof entraSnapshotSchema>;
