import { ENTRA_ROLE_TEMPLATES, type EntraSnapshot } from '@burgwall/shared';
import type { ExplorerObjectShape } from './explorer-types';

export const ENTRA_KINDS = ['entraUser', 'entraGroup', 'entraRole', 'entraApp'] as const;
export type EntraKind = (typeof ENTRA_KINDS)[number];

const PRIVILEGED_TEMPLATES = new Set<string>(Object.values(ENTRA_ROLE_TEMPLATES).filter((id) => id !== ENTRA_ROLE_TEMPLATES.directorySynchronizationAccounts));

/** The items by a key of theirs, in their order. */
function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

/**
 * The Entra snapshot's objects of one kind in the explorer's flat shape: users and groups with their memberships
 * and roles, directory roles with their holders, app registrations and service principals with their credentials.
 * The "distinguished name" of an Entra object is its identifier (UPN, object id), as Entra has no DNs.
 */
export function entraExplorerObjects(snapshot: EntraSnapshot, kind: EntraKind): ExplorerObjectShape[] {
  const { roleDefinitions, roleAssignments } = snapshot.directoryRoles;
  const roleName = new Map(roleDefinitions.map((role) => [role.id, role.displayName]));
  const privilegedRoleIds = new Set(roleDefinitions.filter((role) => PRIVILEGED_TEMPLATES.has(role.templateId ?? role.id)).map((role) => role.id));
  // Indexes built once per call: looking a user's groups and roles up by scanning every group and assignment made a
  // tenant of 20,000 users and 100,000 memberships take minutes.
  const assignmentsOf = groupBy(roleAssignments, (assignment) => assignment.principalId);
  const assignmentsOfRole = groupBy(roleAssignments, (assignment) => assignment.roleDefinitionId);
  const rolesOf = (principalId: string) => assignmentsOf.get(principalId) ?? [];
  const groupsOf = new Map<string, string[]>();
  for (const group of snapshot.groups) {
    const name = group.displayName ?? group.id;
    for (const memberId of group.memberIds) {
      const names = groupsOf.get(memberId);
      if (names) names.push(name);
      else groupsOf.set(memberId, [name]);
    }
  }
  const nameOf = new Map<string, string>([
    ...snapshot.users.map((user) => [user.id, user.displayName ?? user.userPrincipalName] as const),
    ...snapshot.groups.map((group) => [group.id, group.displayName ?? group.id] as const),
    ...snapshot.servicePrincipals.map((principal) => [principal.id, principal.displayName ?? principal.appId] as const),
  ]);
  const common = { description: null, whenChanged: null, samAccountName: null, enabled: null, privileged: false, memberOf: [] as string[], members: [] as string[] };
  switch (kind) {
    case 'entraUser':
      return snapshot.users.map((user) => ({
        ...common,
        objectGuid: user.id,
        kind,
        name: user.displayName ?? user.userPrincipalName,
        distinguishedName: user.userPrincipalName,
        samAccountName: user.onPremisesSamAccountName ?? null,
        enabled: user.accountEnabled,
        privileged: rolesOf(user.id).some((assignment) => privilegedRoleIds.has(assignment.roleDefinitionId)),
        memberOf: [
          ...(groupsOf.get(user.id) ?? []),
          ...rolesOf(user.id).map((assignment) => `Rolle: ${roleName.get(assignment.roleDefinitionId) ?? assignment.roleDefinitionId}`),
        ],
        details: {
          userType: user.userType,
          synchronisiert: user.onPremisesSyncEnabled === true,
          onPremisesSecurityIdentifier: user.onPremisesSecurityIdentifier,
          letzteAnmeldung: user.signInActivity?.lastSignInDateTime ?? null,
          mfaRegistriert: user.authMethods?.isMfaRegistered ?? null,
        },
      }));
    case 'entraGroup':
      return snapshot.groups.map((group) => ({
        ...common,
        objectGuid: group.id,
        kind,
        name: group.displayName ?? group.id,
        distinguishedName: group.id,
        privileged: group.isAssignableToRole === true,
        members: group.memberIds.map((id) => nameOf.get(id) ?? id),
        memberOf: rolesOf(group.id).map((assignment) => `Rolle: ${roleName.get(assignment.roleDefinitionId) ?? assignment.roleDefinitionId}`),
        details: { securityEnabled: group.securityEnabled, rollenzuweisbar: group.isAssignableToRole, synchronisiert: group.onPremisesSyncEnabled === true, besitzer: group.ownerIds.map((id) => nameOf.get(id) ?? id) },
      }));
    case 'entraRole':
      return roleDefinitions.map((role) => ({
        ...common,
        objectGuid: role.id,
        kind,
        name: role.displayName,
        distinguishedName: role.templateId ?? role.id,
        privileged: privilegedRoleIds.has(role.id),
        members: (assignmentsOfRole.get(role.id) ?? []).map((assignment) => nameOf.get(assignment.principalId) ?? assignment.principalId),
        details: { integriert: role.isBuiltIn, templateId: role.templateId },
      }));
    case 'entraApp':
      return snapshot.servicePrincipals.map((principal) => ({
        ...common,
        objectGuid: principal.id,
        kind,
        name: principal.displayName ?? principal.appId,
        distinguishedName: principal.appId,
        enabled: principal.accountEnabled,
        privileged: principal.appRoleAssignments.some((assignment) => assignment.permission !== null),
        memberOf: rolesOf(principal.id).map((assignment) => `Rolle: ${roleName.get(assignment.roleDefinitionId) ?? assignment.roleDefinitionId}`),
        details: {
          typ: principal.servicePrincipalType,
          eigeneApp: principal.appOwnerOrganizationId === snapshot.tenantId,
          graphBerechtigungen: principal.appRoleAssignments.map((assignment) => assignment.permission).filter(Boolean),
          anmeldeinformationenBis: [...principal.passwordCredentials, ...principal.keyCredentials].map((credential) => credential.endDateTime),
        },
      }));
  }
}
