import { type ChangedObjectsInput, domainHeadSchema } from '@burgwall/shared';
import { mapDomain, snapshotAclOf } from './build-snapshot';
import * as map from './map-objects';
import type { DirectoryRead } from './read-directory';

/**
 * The objects of an incremental read in their snapshot form, mapped by the same functions as a full collection's
 * snapshot (build-snapshot.ts), so the server lays exactly what a full collection would have stored over its last
 * snapshot. Mapping here, not on the server: the server only sees the changed attributes' values, while an object's
 * snapshot form needs all of them (e.g. isDomainController from userAccountControl and primaryGroupID).
 */
export function changedObjectsOf(read: DirectoryRead): ChangedObjectsInput {
  const acl = snapshotAclOf(read);
  return {
    // The head's own fields only: the parse drops what only a full read knows (the server keeps its stored values).
    ...(read.domain ? { domain: domainHeadSchema.parse(mapDomain(read)) } : {}),
    users: read.users.map((entry) => map.mapUser(entry, acl(entry))),
    computers: read.computers.map((entry) => map.mapComputer(entry, acl(entry))),
    groups: read.groups.map((entry) => ({ ...map.mapGroup(entry), securityDescriptor: acl(entry) })),
    organizationalUnits: read.organizationalUnits.map((entry) => ({ ...map.mapOrganizationalUnit(entry), securityDescriptor: acl(entry) })),
    trusts: read.trusts.map(map.mapTrust),
    passwordSettings: read.passwordSettings.map(map.mapPasswordSettings),
  };
}

/** Whether a read found no object of a kind the snapshot patches (nothing to send). */
export function noChangedObjects(objects: ChangedObjectsInput): boolean {
  const { domain, ...lists } = objects;
  return !domain && Object.values(lists).every((list) => (list ?? []).length === 0);
}
