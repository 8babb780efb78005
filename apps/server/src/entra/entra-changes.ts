import type { EntraSnapshot } from '@burgwall/shared';

/** One changed property of an Entra object between two collections (stored like an AD attribute change). */
export interface EntraChange {
  objectId: string;
  /** user, group, application, servicePrincipal, conditionalAccessPolicy, tenant. */
  objectClass: string;
  /** What the change history shows as the object: the UPN of a user, else the display name. */
  objectName: string;
  propertyName: string;
  oldValue: string | null;
  newValue: string | null;
}

/** Shown as value of the pseudo property `object` when an object appears or disappears. */
const PRESENT = 'vorhanden';

interface Tracked {
  id: string;
  objectClass: string;
  name: string;
  /** Single-valued properties, compared by value. */
  values: Record<string, string | null>;
  /** Multi-valued properties (members, owners, roles, permissions), compared item by item like AD's `member`. */
  sets: Record<string, string[]>;
}

const text = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));
const credentialNames = (credentials: { keyId: string; displayName: string | null; endDateTime: string | null }[]) =>
  credentials.map((credential) => `${credential.displayName ?? credential.keyId}${credential.endDateTime ? ` (bis ${credential.endDateTime.slice(0, 10)})` : ''}`);

/** The objects of a snapshot with the properties whose changes matter for security, names resolved. */
function trackedObjects(snapshot: EntraSnapshot): Tracked[] {
  const names = new Map<string, string>();
  for (const user of snapshot.users) names.set(user.id, user.userPrincipalName ?? user.displayName ?? user.id);
  for (const group of snapshot.groups) names.set(group.id, group.displayName ?? group.id);
  for (const principal of snapshot.servicePrincipals) names.set(principal.id, principal.displayName ?? principal.id);
  const nameOf = (id: string) => names.get(id) ?? id;
  const roleNames = new Map(snapshot.directoryRoles.roleDefinitions.map((role) => [role.id, role.displayName]));
  const rolesOf = (principalId: string) => [
    ...snapshot.directoryRoles.roleAssignments.filter((assignment) => assignment.principalId === principalId).map((assignment) => roleNames.get(assignment.roleDefinitionId) ?? assignment.roleDefinitionId),
    ...snapshot.directoryRoles.roleEligibilitySchedules.filter((schedule) => schedule.principalId === principalId).map((schedule) => `${roleNames.get(schedule.roleDefinitionId) ?? schedule.roleDefinitionId} (berechtigt)`),
  ];

  const tenant: Tracked = {
    id: snapshot.tenantId,
    objectClass: 'tenant',
    name: snapshot.organization?.displayName ?? snapshot.tenantId,
    values: {
      plan: snapshot.plan,
      securityDefaultsEnabled: text(snapshot.securityDefaultsEnabled),
      allowInvitesFrom: text(snapshot.authorizationPolicy?.allowInvitesFrom),
      allowedToCreateApps: text(snapshot.authorizationPolicy?.defaultUserRolePermissions?.allowedToCreateApps),
      permissionGrantPoliciesAssigned: text(snapshot.authorizationPolicy?.defaultUserRolePermissions?.permissionGrantPoliciesAssigned?.join(', ')),
    },
    sets: {},
  };
  return [
    tenant,
    ...snapshot.users.map((user) => ({
      id: user.id,
      objectClass: 'user',
      name: nameOf(user.id),
      values: { accountEnabled: text(user.accountEnabled), userType: text(user.userType), userPrincipalName: text(user.userPrincipalName), onPremisesSyncEnabled: text(user.onPremisesSyncEnabled) },
      sets: { directoryRole: rolesOf(user.id) },
    })),
    ...snapshot.groups.map((group) => ({
      id: group.id,
      objectClass: 'group',
      name: nameOf(group.id),
      values: { isAssignableToRole: text(group.isAssignableToRole), securityEnabled: text(group.securityEnabled) },
      sets: { member: group.memberIds.map(nameOf), owner: group.ownerIds.map(nameOf), directoryRole: rolesOf(group.id) },
    })),
    ...snapshot.applications.map((app) => ({
      id: app.id,
      objectClass: 'application',
      name: app.displayName ?? app.appId,
      values: {},
      sets: { owner: app.ownerIds.map(nameOf), passwordCredentials: credentialNames(app.passwordCredentials), keyCredentials: credentialNames(app.keyCredentials) },
    })),
    ...snapshot.servicePrincipals.map((principal) => ({
      id: principal.id,
      objectClass: 'servicePrincipal',
      name: nameOf(principal.id),
      values: { accountEnabled: text(principal.accountEnabled) },
      sets: {
        owner: principal.ownerIds.map(nameOf),
        appRoleAssignment: principal.appRoleAssignments.map((assignment) => assignment.permission ?? `${assignment.resourceAppId}/${assignment.appRoleId ?? ''}`),
        passwordCredentials: credentialNames(principal.passwordCredentials),
        keyCredentials: credentialNames(principal.keyCredentials),
        directoryRole: rolesOf(principal.id),
      },
    })),
    ...snapshot.conditionalAccessPolicies.map((policy) => ({
      id: policy.id,
      objectClass: 'conditionalAccessPolicy',
      name: policy.displayName ?? policy.id,
      values: { state: policy.state },
      sets: {},
    })),
  ];
}

/**
 * What changed in the tenant between two collections: objects that appeared or disappeared (pseudo property
 * `object`), changed values, and each added or removed item of a multi-valued property (a member, owner, role,
 * permission, credential) as its own change, old value = removed item, new value = added item — like AD's `member`.
 * Areas that were unreadable in either collection (missing permission or licence) are not compared.
 */
export function diffEntraSnapshots(previous: EntraSnapshot, next: EntraSnapshot): EntraChange[] {
  const unreadable = new Set([...Object.keys(previous.unavailable), ...Object.keys(next.unavailable)]);
  const comparable = (objectClass: string) => !unreadable.has(AREA_OF_CLASS[objectClass] ?? objectClass);
  const before = new Map(trackedObjects(previous).map((object) => [object.id, object]));
  const changes: EntraChange[] = [];
  for (const object of trackedObjects(next)) {
    if (!comparable(object.objectClass)) continue;
    const change = (propertyName: string, oldValue: string | null, newValue: string | null) =>
      changes.push({ objectId: object.id, objectClass: object.objectClass, objectName: object.name, propertyName, oldValue, newValue });
    const old = before.get(object.id);
    before.delete(object.id);
    if (!old) {
      change('object', null, PRESENT);
      continue;
    }
    for (const [property, value] of Object.entries(object.values)) {
      if (!unreadable.has(AREA_OF_VALUE[property] ?? '') && old.values[property] !== value) change(property, old.values[property] ?? null, value);
    }
    for (const [property, items] of Object.entries(object.sets)) {
      if (property === 'directoryRole' && (unreadable.has('roleAssignments') || unreadable.has('roleEligibilitySchedules'))) continue;
      const oldItems = old.sets[property] ?? [];
      for (const item of oldItems.filter((entry) => !items.includes(entry))) change(property, item, null);
      for (const item of items.filter((entry) => !oldItems.includes(entry))) change(property, null, item);
    }
  }
  for (const gone of before.values()) {
    if (comparable(gone.objectClass)) changes.push({ objectId: gone.id, objectClass: gone.objectClass, objectName: gone.name, propertyName: 'object', oldValue: PRESENT, newValue: null });
  }
  return changes;
}

/** The snapshot area each object class comes from (`unavailable` keys). */
const AREA_OF_CLASS: Record<string, string> = {
  user: 'users',
  group: 'groups',
  application: 'applications',
  servicePrincipal: 'servicePrincipals',
  conditionalAccessPolicy: 'conditionalAccessPolicies',
  tenant: 'organization',
};

/** The snapshot area of the tenant-wide values (a value read in one collection and refused in the other is no change). */
const AREA_OF_VALUE: Record<string, string> = {
  plan: 'subscribedSkus',
  securityDefaultsEnabled: 'securityDefaults',
  allowInvitesFrom: 'authorizationPolicy',
  allowedToCreateApps: 'authorizationPolicy',
  permissionGrantPoliciesAssigned: 'authorizationPolicy',
};
