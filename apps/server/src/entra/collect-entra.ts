import {
  deriveEntraPlan,
  type EntraDataArea,
  type EntraSnapshot,
  entraSnapshotSchema,
  type EntraUnavailable,
  MICROSOFT_GRAPH_APP_ID,
} from '@burgwall/shared';
import type { GraphClient} from './graph-client';
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

  const organization = await read('organization', null, async () => (await graph.list<Json>('/v1.0/organization?$select=id,displayName,verifiedDomains,onPremisesSyncEnabled,onPremisesLastSyncDateTime'))[0] ?? null);
  const subscribedSkus = await read('subscribedSkus', [] as Json[], () => graph.list<Json>('/v1.0/subscribedSkus?$select=skuPartNumber,servicePlans'));
  const users = await read('users', [] as Json[], () => graph.list<Json>(`/v1.0/users?$select=${USER_FIELDS}&$top=999`));
  const signIns = await read('signInActivity', null as Map<string, Json> | null, async () =>
    byId(await graph.list<Json>('/v1.0/users?$select=id,signInActivity&$top=999')),
  );
  const registrations = await read('authMethods', null as Map<string, Json> | null, async () =>
    byId(await graph.list<Json>('/v1.0/reports/authenticationMethods/userRegistrationDetails?$top=999')),
  );
  const groups = await read('groups', [] as Json[], async () => {
    const list = await graph.list<Json>(`/v1.0/groups?$select=${GROUP_FIELDS}&$top=999`);
    return Promise.all(list.map(async (group) => ({
      ...group,
      memberIds: (await graph.list<Json>(`/v1.0/groups/${String(group.id)}/members?$select=id&$top=999`)).map((member) => String(member.id)),
      ownerIds: (await graph.list<Json>(`/v1.0/groups/${String(group.id)}/owners?$select=id`)).map((owner) => String(owner.id)),
    })));
  });
  const roleDefinitions = await read('roleDefinitions', [] as Json[], () => graph.list<Json>('/v1.0/roleManagement/directory/roleDefinitions?$select=id,displayName,templateId,isBuiltIn'));
  const roleAssignments = await read('roleAssignments', [] as Json[], () => graph.list<Json>('/v1.0/roleManagement/directory/roleAssignments?$select=principalId,roleDefinitionId,directoryScopeId'));
  const roleEligibilitySchedules = await read('roleEligibilitySchedules', [] as Json[], () => graph.list<Json>('/v1.0/roleManagement/directory/roleEligibilitySchedules?$select=principalId,roleDefinitionId'));
  const applications = await read('applications', [] as Json[], () => graph.list<Json>(`/v1.0/applications?$select=${APP_FIELDS}&$top=999`));
  const servicePrincipals = await read('servicePrincipals', [] as Json[], () => readServicePrincipals(graph, tenantId));
  const conditionalAccessPolicies = await read('conditionalAccessPolicies', [] as Json[], () => graph.list<Json>('/v1.0/identity/conditionalAccess/policies'));
  const namedLocations = await read('namedLocations', [] as Json[], async () => (await graph.list<Json>('/v1.0/identity/conditionalAccess/namedLocations')).map(namedLocation));
  const authorizationPolicy = await read('authorizationPolicy', null as Json | null, () => graph.get<Json>('/v1.0/policies/authorizationPolicy'));
  const securityDefaults = await read('securityDefaults', null as boolean | null, async () => (await graph.get<{ isEnabled?: boolean }>('/v1.0/policies/identitySecurityDefaultsEnforcementPolicy')).isEnabled ?? null);
  const authenticationMethodsPolicy = await read('authenticationMethodsPolicy', null as Json | null, () => graph.get<Json>('/v1.0/policies/authenticationMethodsPolicy'));

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
    applications: applications.map((app) => ({ ...app, ownerIds: [] })),
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

const byId = (items: Json[]) => new Map(items.map((item) => [String(item.id), item]));

function authMethodsOf(registration: Json | undefined) {
  if (!registration) return null;
  return {
    methods: (registration.methodsRegistered as string[] | undefined) ?? [],
    isMfaRegistered: registration.isMfaRegistered === true,
    isMfaCapable: registration.isMfaCapable === true,
  };
}

function namedLocation(location: Json): Json {
  const type = String(location['@odata.type'] ?? '');
  return {
    id: location.id,
    displayName: location.displayName ?? null,
    kind: type.endsWith('ipNamedLocation') ? 'ip' : type.endsWith('countryNamedLocation') ? 'country' : 'other',
    isTrusted: location.isTrusted === true,
    ipRanges: ((location.ipRanges as Json[] | undefined) ?? []).map((range) => String(range.cidrAddress ?? '')),
    countriesAndRegions: (location.countriesAndRegions as string[] | undefined) ?? [],
  };
}

/**
 * Service principals with their application permissions on Microsoft Graph resolved to names (the app role values of
 * Graph's own service principal), read for the tenant's own apps and for foreign apps alike.
 */
async function readServicePrincipals(graph: GraphClient, _tenantId: string): Promise<Json[]> {
  const principals = await graph.list<Json>(`/v1.0/servicePrincipals?$select=${SP_FIELDS}&$top=999`);
  const graphApp = principals.find((principal) => principal.appId === MICROSOFT_GRAPH_APP_ID);
  const graphRoles = new Map(((graphApp?.appRoles as Json[] | undefined) ?? []).map((role) => [String(role.id), String(role.value)]));
  return Promise.all(
    principals
      .filter((principal) => principal.appId !== MICROSOFT_GRAPH_APP_ID)
      .map(async ({ appRoles: _appRoles, ...principal }) => {
        const assignments = await graph.list<Json>(`/v1.0/servicePrincipals/${String(principal.id)}/appRoleAssignments`);
        return {
          ...principal,
          ownerIds: [],
          appRoleAssignments: assignments.map((assignment) => ({
            resourceAppId: assignment.resourceId === graphApp?.id ? MICROSOFT_GRAPH_APP_ID : String(assignment.resourceId),
            appRoleId: String(assignment.appRoleId),
            permission: assignment.resourceId === graphApp?.id ? (graphRoles.get(String(assignment.appRoleId)) ?? null) : null,
          })),
        };
      }),
  );
}
