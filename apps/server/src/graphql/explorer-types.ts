import type { Snapshot } from '@burgwall/shared';
import { UAC } from '@burgwall/shared';
import { latestSnapshot } from '../snapshots/snapshot-store';
import { assertClientAccess, pageSize } from './access';
import { builder } from './builder';

const KINDS = ['user', 'group', 'computer', 'gpo', 'organizationalUnit'] as const;
type Kind = (typeof KINDS)[number];
const ObjectKind = builder.enumType('ExplorerObjectKind', { values: KINDS });

export interface ExplorerObjectShape {
  objectGuid: string;
  kind: Kind;
  name: string;
  distinguishedName: string;
  samAccountName: string | null;
  description: string | null;
  enabled: boolean | null;
  privileged: boolean;
  memberOf: string[];
  members: string[];
  details: Record<string, unknown>;
  whenChanged: string | null;
}

/** The snapshot's objects of one kind as one flat shape for browsing. */
export function explorerObjects(snapshot: Snapshot, kind: Kind): ExplorerObjectShape[] {
  const base = (o: { objectGuid: string; name: string; distinguishedName: string; description: string | null; whenChanged: string | null }) => ({
    objectGuid: o.objectGuid,
    name: o.name || o.distinguishedName,
    distinguishedName: o.distinguishedName,
    description: o.description,
    whenChanged: o.whenChanged,
  });
  switch (kind) {
    case 'user':
    case 'computer':
      return (kind === 'user' ? snapshot.users : snapshot.computers).map((account) => ({
        ...base(account),
        kind,
        samAccountName: account.sAMAccountName,
        enabled: (account.userAccountControl & UAC.ACCOUNTDISABLE) === 0,
        privileged: account.adminCount === 1,
        memberOf: account.memberOf,
        members: [],
        details: {
          userAccountControl: account.userAccountControl,
          servicePrincipalNames: account.servicePrincipalNames,
          pwdLastSet: account.pwdLastSet,
          lastLogonTimestamp: account.lastLogonTimestamp,
          ...('operatingSystem' in account ? { operatingSystem: account.operatingSystem, isDomainController: account.isDomainController } : {}),
        },
      }));
    case 'group':
      return snapshot.groups.map((group) => ({
        ...base(group),
        kind,
        samAccountName: group.sAMAccountName,
        enabled: null,
        privileged: group.adminCount === 1,
        memberOf: group.memberOf,
        members: group.members,
        details: { objectSid: group.objectSid, groupType: group.groupType },
      }));
    case 'gpo':
      return snapshot.gpos.map((gpo) => ({
        ...base(gpo),
        name: gpo.displayName,
        kind,
        samAccountName: null,
        enabled: gpo.flags !== 3,
        privileged: false,
        memberOf: [],
        members: [],
        details: { gpoId: gpo.gpoId, flags: gpo.flags, versionNumber: gpo.versionNumber, fileSysPath: gpo.fileSysPath },
      }));
    case 'organizationalUnit':
      return snapshot.organizationalUnits.map((ou) => ({
        ...base(ou),
        kind,
        samAccountName: null,
        enabled: null,
        privileged: false,
        memberOf: [],
        members: [],
        details: { gpLinks: ou.gpLinks, blockInheritance: ou.blockInheritance },
      }));
  }
}

const ExplorerObject = builder.objectRef<ExplorerObjectShape>('ExplorerObject').implement({
  fields: (t) => ({
    objectGuid: t.exposeString('objectGuid'),
    kind: t.field({ type: ObjectKind, resolve: (o) => o.kind }),
    name: t.exposeString('name'),
    distinguishedName: t.exposeString('distinguishedName'),
    samAccountName: t.exposeString('samAccountName', { nullable: true }),
    description: t.exposeString('description', { nullable: true }),
    enabled: t.exposeBoolean('enabled', { nullable: true }),
    privileged: t.exposeBoolean('privileged'),
    memberOf: t.exposeStringList('memberOf'),
    members: t.exposeStringList('members'),
    details: t.expose('details', { type: 'JSON' }),
    whenChanged: t.exposeString('whenChanged', { nullable: true }),
  }),
});

const ExplorerPage = builder
  .objectRef<{ collectedAt: string | null; domain: string | null; total: number; objects: ExplorerObjectShape[] }>('ExplorerPage')
  .implement({
    fields: (t) => ({
      collectedAt: t.exposeString('collectedAt', { nullable: true }),
      domain: t.exposeString('domain', { nullable: true }),
      total: t.exposeInt('total'),
      objects: t.expose('objects', { type: [ExplorerObject] }),
    }),
  });

builder.queryFields((t) => ({
  /** Object explorer: objects of one kind from the latest snapshot, filtered by name, DN or sAMAccountName. */
  explorer: t.field({
    type: ExplorerPage,
    args: {
      clientId: t.arg.id({ required: true }),
      kind: t.arg({ type: ObjectKind, required: true }),
      search: t.arg.string(),
      first: t.arg.int(),
      offset: t.arg.int(),
    },
    resolve: async (_root, args, context) => {
      const clientId = await assertClientAccess(context, String(args.clientId));
      const stored = await latestSnapshot(context.services.db, clientId);
      if (!stored) return { collectedAt: null, domain: null, total: 0, objects: [] };
      const needle = args.search?.trim().toLowerCase() ?? '';
      const all = explorerObjects(stored.snapshot, args.kind).filter((o) =>
        [o.name, o.distinguishedName, o.samAccountName ?? ''].some((text) => text.toLowerCase().includes(needle)),
      );
      all.sort((a, b) => a.name.localeCompare(b.name, 'de'));
      const offset = Math.max(0, args.offset ?? 0);
      return {
        collectedAt: stored.snapshot.collectedAt,
        domain: stored.snapshot.domain.dnsName,
        total: all.length,
        objects: all.slice(offset, offset + pageSize(args.first)),
      };
    },
  }),
}));
