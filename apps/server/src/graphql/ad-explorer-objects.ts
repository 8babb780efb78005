import type { DirectoryComputer, DirectoryObjectKind, DirectoryUser, Snapshot } from '@burgwall/shared';
import { UAC } from '@burgwall/shared';
import type { ExplorerObjectShape } from './explorer-types';

export const AD_KINDS = ['user', 'group', 'computer', 'gpo', 'organizationalUnit'] as const;
export type AdKind = (typeof AD_KINDS)[number];

/** The snapshot list (and `directory_object.kind`) an explorer kind browses. */
export const AD_KIND_LIST = {
  user: 'users',
  group: 'groups',
  computer: 'computers',
  gpo: 'gpos',
  organizationalUnit: 'organizationalUnits',
} as const satisfies Record<AdKind, DirectoryObjectKind>;

/** The stored object of each explorer kind (a `directory_object.data`, validated when it was uploaded). */
export interface AdObjectOf {
  user: DirectoryUser;
  computer: DirectoryComputer;
  group: Snapshot['groups'][number];
  gpo: Snapshot['gpos'][number];
  organizationalUnit: Snapshot['organizationalUnits'][number];
}

type Common = Pick<ExplorerObjectShape, 'objectGuid' | 'name' | 'distinguishedName' | 'description' | 'whenChanged'>;
const common = (o: { objectGuid: string; name: string; distinguishedName: string; description: string | null; whenChanged: string | null }): Common => ({
  objectGuid: o.objectGuid,
  name: o.name || o.distinguishedName,
  distinguishedName: o.distinguishedName,
  description: o.description,
  whenChanged: o.whenChanged,
});

function account(kind: 'user' | 'computer', o: DirectoryUser | DirectoryComputer): ExplorerObjectShape {
  return {
    ...common(o),
    kind,
    samAccountName: o.sAMAccountName,
    enabled: (o.userAccountControl & UAC.ACCOUNTDISABLE) === 0,
    privileged: o.adminCount === 1,
    memberOf: o.memberOf,
    members: [],
    details: {
      userAccountControl: o.userAccountControl,
      servicePrincipalNames: o.servicePrincipalNames,
      pwdLastSet: o.pwdLastSet,
      lastLogonTimestamp: o.lastLogonTimestamp,
      ...('operatingSystem' in o ? { operatingSystem: o.operatingSystem, isDomainController: o.isDomainController } : {}),
    },
  };
}

/** One stored AD object in the explorer's flat shape (the same shape for every kind, so one table shows them all). */
export function adExplorerObject<K extends AdKind>(kind: K, object: AdObjectOf[K]): ExplorerObjectShape {
  switch (kind) {
    case 'user':
    case 'computer':
      return account(kind, object as DirectoryUser | DirectoryComputer);
    case 'group': {
      const group = object as AdObjectOf['group'];
      return {
        ...common(group),
        kind,
        samAccountName: group.sAMAccountName,
        enabled: null,
        privileged: group.adminCount === 1,
        memberOf: group.memberOf,
        members: group.members,
        details: { objectSid: group.objectSid, groupType: group.groupType },
      };
    }
    case 'gpo': {
      const gpo = object as AdObjectOf['gpo'];
      return {
        ...common(gpo),
        name: gpo.displayName,
        kind,
        samAccountName: null,
        enabled: gpo.flags !== 3,
        privileged: false,
        memberOf: [],
        members: [],
        details: { gpoId: gpo.gpoId, flags: gpo.flags, versionNumber: gpo.versionNumber, fileSysPath: gpo.fileSysPath },
      };
    }
    default: {
      const ou = object as AdObjectOf['organizationalUnit'];
      return {
        ...common(ou),
        kind,
        samAccountName: null,
        enabled: null,
        privileged: false,
        memberOf: [],
        members: [],
        details: { gpLinks: ou.gpLinks, blockInheritance: ou.blockInheritance },
      };
    }
  }
}
