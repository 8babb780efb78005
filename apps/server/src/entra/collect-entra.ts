import {
  deriveEntraPlan,
  type EntraDataArea,
  type EntraSnapshot,
  entraSnapshotSchema,
  type EntraUnavailable,
  MICROSOFT_GRAPH_APP_ID,
} from '@burgwall/shared';
import type * as MicrosoftGraph from '@microsoft/microsoft-graph-types';
import type { GraphClient } from './graph-client';
import { GraphError } from './graph-client';

type Unavailable = Partial<Record<EntraDataArea, EntraUnavailable>>;
type Json = Record<string, unknown>;

/** The application permission each data area needs (named in „Nicht geprüft“ and the connection tab). */
export const AREA_PERMISSIONS: Record<EntraDataArea, string> = {
  organization: 'Organization.Read.All',
  subscribedSkus: 'Organization.Read.All',
  users: 'User.Read.All',
  signInActivity: 'AuditLog.Read.All',
  authMethods: 'AuditLog.Read.All',
  groups: 'GroupMember.Read.All',
  roleDefinitions: 'RoleManagement.Read.Directory',
  roleAssignments: 'RoleManagement.Read.Directory',
  roleEligibilitySchedules: 'RoleManagement.Read.Directory',
  applications: 'Application.Read.All',
  servicePrincipals: 'Application.Read.All',
  conditionalAccessPolicies: 'Policy.Read.All',
  namedLocations: 'Policy.Read.All',
  authorizationPolicy: 'Policy.Read.All',
  securityDefaults: 'Policy.Read.All',
  authenticationMethodsPolicy: 'Policy.Read.All',
};

const USER_FIELDS = 'id,userPrincipalName,displayName,accountEnabled,userType,onPremisesSyncEnabled,onPremisesSecurityIdentifier,onPremisesSamAccountName,onPremisesDistinguishedName,createdDateTime,lastPasswordChangeDateTime';
const GROUP_FIELDS = 'id,displayName,securityEnabled,isAssignableToRole,onPremisesSyncEnabled,onPremisesSecurityIdentifier';
const APP_FIELDS = 'id,appId,displayName,passwordCredentials,keyCredentials,requiredResourceAccess';
const SP_FIELDS = 'id,appId,displayName,servicePrincipalType,accountEnabled,appOwnerOrganizationId,passwordCredentials,keyCredentials,appRoles';

/**
 * Reads one tenant through Microsoft Graph into an Entra snapshot. Each data area is read on its own: a 403 (the app
 * lacks the permission, or the tenant the licence) becomes an entry in `unavailable` — the checks that need it say
 * „Nicht geprüft“ with the reason — and every other area is still read.
 */
export async function collectEntraSnapshot(graph: GraphClient, tenantId: string, now = new Date()): Promise<EntraSnapshot> {
  const unavailable: Unavailable = {};
  const read = async <T>(area: EntraDataArea, fallback: T, reader: () => Promise<T>): Promise<T> => {
    try {
      return await reader();
    } catch (error) {
      if (!(error instanceof GraphError) || !error.isForbidden) throw error;
      unavailable[area] = error.isLicenseMissing
        ? { reason: 'license', detail: 'Dafür braucht der Mandant eine Entra-ID-P1- oder -P2-Lizenz.' }
        : { reason: 'permission', permission: AREA_PERMISSIONS[area], detail: `Der App fehlt die Graph-Berechtigung ${AREA_PERMISSIONS[area]}.` };
      return fallback;
    }
  };

  const organization = await read('organization', null, async () => (await graph.list<MicrosoftGraph.Organization>('/v1.0/organization?$select=id,displayName,verifiedDomains,onPremisesSyncEnabled,onPremisesLastSyncDateTime'))[0] ?? null);
  const subscribedSkus = await read('subscribedSkus', [] as MicrosoftGraph.SubscribedSku[], () => graph.list<MicrosoftGraph.SubscribedSku>('/v1.0/subscribedSkus?$select=skuPartNumber,servicePlans'));
  const users = await read('users', [] as MicrosoftGraph.User[], () => graph.list<MicrosoftGraph.User>(`/v1.0/users?$select=${USER_FIELDS}&$top=999`));
  const signIns = await read('signInActivity', null as Map<string, MicrosoftGraph.User> | null, async () =>
    byId(await graph.list<MicrosoftGraph.User>('/v1.0/users?$select=id,signInActivity&$top=999')),
  );
  const registrations = await read('authMethods', null as Map<string, MicrosoftGraph.UserRegistrationDetails> | null, async () =>
    byId(await graph.list<MicrosoftGraph.UserRegistrationDetails>('/v1.0/reports/authenticationMethods/userRegistrationDetails?$select=id,methodsRegistered,isMfaRegistered,isMfaCapable&$top=999')),
  );
  const groups = await read('groups', [] as (MicrosoftGraph.Group & { memberIds: string[]; ownerIds: string[] })[], async () => {
    const list = await graph.list<MicrosoftGraph.Group>(`/v1.0/groups?$select=${GROUP_FIELDS}&$top=999`);
    const ids = list.map((group) => String(group.id));
    const members = await readIds(graph, ids.map((id) => `/v1.0/groups/${id}/members?$select=id&$top=999`));
    const owners = await readIds(graph, ids.map((id) => `/v1.0/groups/${id}/owners?$select=id&$top=999`));
    return list.map((group, index) => ({ ...group, memberIds: members[index] ?? [], ownerIds: owners[index] ?? [] }));
  });
  const roleDefinitions = await read('roleDefinitions', [] as MicrosoftGraph.UnifiedRoleDefinition[], () => graph.list<MicrosoftGraph.UnifiedRoleDefinition>('/v1.0/roleManagement/directory/roleDefinitions?$select=id,displayName,templateId,isBuiltIn'));
  const roleAssignments = await read('roleAssignments', [] as MicrosoftGraph.UnifiedRoleAssignment[], () => graph.list<MicrosoftGraph.UnifiedRoleAssignment>('/v1.0/roleManagement/directory/roleAssignments?$select=principalId,roleDefinitionId,directoryScopeId'));
  const roleEligibilitySchedules = await read('roleEligibilitySchedules', [] as MicrosoftGraph.UnifiedRoleEligibilitySchedule[], () => graph.list<MicrosoftGraph.UnifiedRoleEligibilitySchedule>('/v1.0/roleManagement/directory/roleEligibilitySchedules?$select=principalId,roleDefinitionId'));
  const applications = await read('applications', [] as (MicrosoftGraph.Application & { ownerIds: string[] })[], async () => {
    const list = await graph.list<MicrosoftGraph.Application>(`/v1.0/applications?$select=${APP_FIELDS}&$top=999`);
    const owners = await readIds(graph, list.map((app) => `/v1.0/applications/${String(app.id)}/owners?$select=id&$top=999`));
    return list.map((app, index) => ({ ...app, ownerIds: owners[index] ?? [] }));
  });
  const servicePrincipals = await read('servicePrincipals', [] as Json[], () => readServicePrincipals(graph));
  const conditionalAccessPolicies = await read('conditionalAccessPolicies', [] as MicrosoftGraph.ConditionalAccessPolicy[], () =>
    graph.list<MicrosoftGraph.ConditionalAccessPolicy>('/v1.0/identity/conditionalAccess/policies?$select=id,displayName,state,conditions,grantControls,sessionControls'),
  );
  // No $select here: ipRanges and countriesAndRegions belong to the derived types, which a $select of the base type drops.
  const namedLocations = await read('namedLocations', [] as Json[], async () => (await graph.list<NamedLocation>('/v1.0/identity/conditionalAccess/namedLocations')).map(namedLocation));
  const authorizationPolicy = await read('authorizationPolicy', null as MicrosoftGraph.AuthorizationPolicy | null, () =>
    graph.get<MicrosoftGraph.AuthorizationPolicy>('/v1.0/policies/authorizationPolicy?$select=allowInvitesFrom,defaultUserRolePermissions,guestUserRoleId,allowedToUseSSPR,blockMsolPowerShell'),
  );
  const securityDefaults = await read('securityDefaults', null as boolean | null, async () => (await graph.get<MicrosoftGraph.IdentitySecurityDefaultsEnforcementPolicy>('/v1.0/policies/identitySecurityDefaultsEnforcementPolicy?$select=isEnabled')).isEnabled ?? null);
  const authenticationMethodsPolicy = await read('authenticationMethodsPolicy', null as MicrosoftGraph.AuthenticationMethodsPolicy | null, () => graph.get<MicrosoftGraph.AuthenticationMethodsPolicy>('/v1.0/policies/authenticationMethodsPolicy'));

  const skus = subscribedSkus.map((sku) => ({ skuPartNumber: sku.skuPartNumber, servicePlans: sku.servicePlans ?? [] }));
  // Graph's answers are checked against the snapshot schema once, here (unknown properties are dropped).
  const snapshot = entraSnapshotSchema.parse({
    collectedAt: now.toISOString(),
    tenantId,
    organization,
    subscribedSkus: skus,
    users: users.map((user) => ({
      ...user,
      ...(signIns ? { signInActivity: signIns.get(String(user.id))?.signInActivity ?? null } : {}),
      ...(registrations ? { authMethods: authMethodsOf(registrations.get(String(user.id))) } : {}),
    })),
    groups,
    directoryRoles: { roleDefinitions, roleAssignments, roleEligibilitySchedules },
    applications,
    servicePrincipals,
    conditionalAccessPolicies,
    namedLocations,
    authorizationPolicy,
    securityDefaultsEnabled: securityDefaults,
    authenticationMethodsPolicy,
    unavailable,
  });
  return { ...snapshot, plan: deriveEntraPlan(snapshot.subscribedSkus) };
}

const byId = <T extends { id?: string | null }>(items: T[]) => new Map(items.map((item) => [String(item.id), item]));

function authMethodsOf(registration: MicrosoftGraph.UserRegistrationDetails | undefined) {
  if (!registration) return null;
  return {
    methods: registration.methodsRegistered ?? [],
    isMfaRegistered: registration.isMfaRegistered === true,
    isMfaCapable: registration.isMfaCapable === true,
  };
}

/** A named location as Graph sends it: the derived type's properties next to the base type's. */
type NamedLocation = MicrosoftGraph.NamedLocation & Partial<MicrosoftGraph.IpNamedLocation & MicrosoftGraph.CountryNamedLocation> & { '@odata.type'?: string };

function namedLocation(location: NamedLocation): Json {
  const type = String(location['@odata.type'] ?? '');
  return {
    id: location.id,
    displayName: location.displayName ?? null,
    kind: type.endsWith('ipNamedLocation') ? 'ip' : type.endsWith('countryNamedLocation') ? 'country' : 'other',
    isTrusted: location.isTrusted === true,
    ipRanges: (location.ipRanges ?? []).map((range) => String((range as MicrosoftGraph.IPv4CidrRange).cidrAddress ?? '')),
    countriesAndRegions: location.countriesAndRegions ?? [],
  };
}

/**
 * Service principals with their owners and their application permissions on Microsoft Graph resolved to names (the app role values of
 * Graph's own service principal), read for the tenant's own apps and for foreign apps alike.
 */
async function readServicePrincipals(graph: GraphClient): Promise<Json[]> {
  const principals = await graph.list<MicrosoftGraph.ServicePrincipal>(`/v1.0/servicePrincipals?$select=${SP_FIELDS}&$top=999`);
  const graphApp = principals.find((principal) => principal.appId === MICROSOFT_GRAPH_APP_ID);
  const graphRoles = new Map((graphApp?.appRoles ?? []).map((role) => [String(role.id), String(role.value)]));
  const own = principals.filter((principal) => principal.appId !== MICROSOFT_GRAPH_APP_ID);
  const assignmentPaths = own.map((principal) => `/v1.0/servicePrincipals/${String(principal.id)}/appRoleAssignments?$select=resourceId,appRoleId`);
  const assignments = await graph.batchList<MicrosoftGraph.AppRoleAssignment>(assignmentPaths);
  const owners = await readIds(graph, own.map((principal) => `/v1.0/servicePrincipals/${String(principal.id)}/owners?$select=id&$top=999`));
  return own.map(({ appRoles: _appRoles, ...principal }, index) => ({
    ...principal,
    ownerIds: owners[index] ?? [],
    appRoleAssignments: (assignments.get(assignmentPaths[index] ?? '') ?? []).map((assignment) => ({
      resourceAppId: assignment.resourceId === graphApp?.id ? MICROSOFT_GRAPH_APP_ID : String(assignment.resourceId),
      appRoleId: String(assignment.appRoleId),
      permission: assignment.resourceId === graphApp?.id ? (graphRoles.get(String(assignment.appRoleId)) ?? null) : null,
    })),
  }));
}

/** The ids of the directory objects each collection path lists (members, owners), read in `$batch` requests. */
async function readIds(graph: GraphClient, paths: string[]): Promise<string[][]> {
  const answers = await graph.batchList<MicrosoftGraph.DirectoryObject>(paths);
  return paths.map((path) => (answers.get(path) ?? []).map((item) => String(item.id)));
}
