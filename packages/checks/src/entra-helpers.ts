/**
 * Lookups the Entra and hybrid checks share: privileged role holders (groups expanded), Conditional Access policy
 * predicates and affected-object builders. Pure functions over one Entra snapshot.
 */
import { ENTRA_ROLE_TEMPLATES, type EntraConditionalAccessPolicy, type EntraSnapshot, type EntraUser } from '@burgwall/shared';
import type { AffectedObject } from './types';

const DAY_MS = 86_400_000;

/** ScubaGear's highly privileged roles (MS.AAD.7): holders of these control the tenant or its identities. */
export const PRIVILEGED_ROLE_TEMPLATES: ReadonlySet<string> = new Set([
  ENTRA_ROLE_TEMPLATES.globalAdministrator,
  ENTRA_ROLE_TEMPLATES.privilegedRoleAdministrator,
  ENTRA_ROLE_TEMPLATES.privilegedAuthenticationAdministrator,
  ENTRA_ROLE_TEMPLATES.securityAdministrator,
  ENTRA_ROLE_TEMPLATES.exchangeAdministrator,
  ENTRA_ROLE_TEMPLATES.sharePointAdministrator,
  ENTRA_ROLE_TEMPLATES.userAdministrator,
  ENTRA_ROLE_TEMPLATES.applicationAdministrator,
  ENTRA_ROLE_TEMPLATES.cloudApplicationAdministrator,
  ENTRA_ROLE_TEMPLATES.authenticationAdministrator,
  ENTRA_ROLE_TEMPLATES.conditionalAccessAdministrator,
  ENTRA_ROLE_TEMPLATES.hybridIdentityAdministrator,
  ENTRA_ROLE_TEMPLATES.intuneAdministrator,
]);

/** Microsoft's own tenant: first-party service principals are published there. */
export const MICROSOFT_TENANT_IDS: ReadonlySet<string> = new Set(['f8cdef31-a31e-4b4a-93e4-5f571e91255a', '72f988bf-86f1-41af-91ab-2d7cd011db47']);

export interface RoleHolder {
  user: EntraUser;
  /** Display names of the roles, with " (berechtigt)" for PIM eligibilities. */
  roles: string[];
  /** Template ids of the roles held actively (permanent or activated). */
  activeTemplates: Set<string>;
  /** Template ids of the roles the user is only eligible for (PIM). */
  eligibleTemplates: Set<string>;
}

export interface RoleFilter {
  /** Only these role templates; default: the privileged set. */
  templates?: ReadonlySet<string>;
  /** Include PIM eligibilities (default true). */
  includeEligible?: boolean;
}

/** Template id of a role definition (built-in definitions have id = template id). */
function templateIndex(entra: EntraSnapshot): Map<string, { templateId: string; displayName: string }> {
  return new Map(entra.directoryRoles.roleDefinitions.map((role) => [role.id, { templateId: role.templateId ?? role.id, displayName: role.displayName }]));
}

/** Users holding the filtered roles, directly or through a (role-assignable) group, keyed by user id. */
export function roleHolders(entra: EntraSnapshot, filter: RoleFilter = {}): Map<string, RoleHolder> {
  const templates = filter.templates ?? PRIVILEGED_ROLE_TEMPLATES;
  const roles = templateIndex(entra);
  const users = new Map(entra.users.map((user) => [user.id, user]));
  const groups = new Map(entra.groups.map((group) => [group.id, group]));
  const result = new Map<string, RoleHolder>();
  const add = (principalId: string, roleDefinitionId: string, eligible: boolean) => {
    const role = roles.get(roleDefinitionId) ?? { templateId: roleDefinitionId, displayName: roleDefinitionId };
    if (!templates.has(role.templateId)) return;
    const principals = groups.get(principalId)?.memberIds ?? [principalId];
    for (const id of principals) {
      const user = users.get(id);
      if (!user) continue;
      const holder = result.get(id) ?? { user, roles: [], activeTemplates: new Set<string>(), eligibleTemplates: new Set<string>() };
      const label = eligible ? `${role.displayName} (berechtigt)` : role.displayName;
      if (!holder.roles.includes(label)) holder.roles.push(label);
      (eligible ? holder.eligibleTemplates : holder.activeTemplates).add(role.templateId);
      result.set(id, holder);
    }
  };
  for (const assignment of entra.directoryRoles.roleAssignments) add(assignment.principalId, assignment.roleDefinitionId, false);
  if (filter.includeEligible !== false) {
    for (const eligibility of entra.directoryRoles.roleEligibilitySchedules) add(eligibility.principalId, eligibility.roleDefinitionId, true);
  }
  return result;
}

export function globalAdministrators(entra: EntraSnapshot): Map<string, RoleHolder> {
  return roleHolders(entra, { templates: new Set([ENTRA_ROLE_TEMPLATES.globalAdministrator]) });
}

export function isGuest(user: EntraUser): boolean {
  return user.userType === 'Guest' || user.userPrincipalName.includes('#EXT#');
}

export function isSynced(user: EntraUser): boolean {
  return user.onPremisesSyncEnabled === true;
}

/** Enabled (not report-only) Conditional Access policies. */
export function enabledPolicies(entra: EntraSnapshot): EntraConditionalAccessPolicy[] {
  return entra.conditionalAccessPolicies.filter((policy) => policy.state === 'enabled');
}

export function targetsAllUsers(policy: EntraConditionalAccessPolicy): boolean {
  return policy.conditions.users.includeUsers.includes('All');
}

export function targetsAllApps(policy: EntraConditionalAccessPolicy): boolean {
  return policy.conditions.applications.includeApplications.includes('All');
}

export function grants(policy: EntraConditionalAccessPolicy, control: string): boolean {
  return policy.grantControls?.builtInControls.includes(control) ?? false;
}

/** Whether the policy demands MFA: the built-in control or any authentication strength. */
export function requiresMfa(policy: EntraConditionalAccessPolicy): boolean {
  return grants(policy, 'mfa') || !!policy.grantControls?.authenticationStrength;
}

/** Users excluded from an enabled all-users policy: the tenant's break-glass accounts by convention. */
export function breakGlassUserIds(entra: EntraSnapshot): Set<string> {
  return new Set(enabledPolicies(entra).filter(targetsAllUsers).flatMap((policy) => policy.conditions.users.excludeUsers));
}

/** Whole days from `from` to the snapshot's collection time (null if unknown). */
export function daysSince(entra: EntraSnapshot, from: string | null | undefined): number | null {
  if (!from) return null;
  const time = Date.parse(from);
  return Number.isNaN(time) ? null : Math.floor((Date.parse(entra.collectedAt) - time) / DAY_MS);
}

/** The newest interactive or non-interactive sign-in, or null. */
export function lastSignIn(user: EntraUser): string | null {
  const times = [user.signInActivity?.lastSignInDateTime, user.signInActivity?.lastNonInteractiveSignInDateTime].filter((time): time is string => !!time);
  return times.sort().at(-1) ?? null;
}

export function tenantAffected(entra: EntraSnapshot, evidence: string): AffectedObject {
  const name = entra.organization?.displayName ?? `Mandant ${entra.tenantId}`;
  return { objectKey: entra.tenantId, objectType: 'entra-tenant', name, distinguishedName: null, evidence };
}

export function userAffected(user: EntraUser, evidence: string, distinguishedName: string | null = null): AffectedObject {
  return {
    objectKey: user.id,
    objectType: 'entra-user',
    name: user.userPrincipalName,
    distinguishedName: distinguishedName ?? user.onPremisesDistinguishedName ?? null,
    evidence,
  };
}

/** German date for evidence texts (dd.mm.yyyy, UTC). */
export function germanDate(iso: string): string {
  const date = new Date(iso);
  return `${String(date.getUTCDate()).padStart(2, '0')}.${String(date.getUTCMonth() + 1).padStart(2, '0')}.${date.getUTCFullYear()}`;
}
