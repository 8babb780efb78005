import type { Snapshot } from '@burgwall/shared';
import { UAC } from '@burgwall/shared';
import type { Db } from '../db/database';
import { loadLatestEntraSnapshot } from '../entra/entra-snapshot-store';
import { latestSnapshot } from '../snapshots/snapshot-store';
import { ENTRA_KINDS, type EntraKind, entraExplorerObjects } from './entra-explorer-objects';
import { assertClientAccess, pageSize } from './access';
import { builder } from './builder';

const AD_KINDS = ['user', 'group', 'computer', 'gpo', 'organizationalUnit'] as const;
type AdKind = (typeof AD_KINDS)[number];
const KINDS = [...AD_KINDS, ...ENTRA_KINDS] as const;
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
export function explorerObjects(snapshot: Snapshot, kind: AdKind): ExplorerObjectShape[] {
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

const isEntraKind = (kind: Kind): kind is EntraKind => (ENTRA_KINDS as readonly string[]).includes(kind);

/** The objects of one kind from the latest AD snapshot, or (Entra kinds) from the latest Entra snapshot. */
async function explorerSource(db: Db, clientId: string, kind: Kind) {
  if (isEntraKind(kind)) {
    const entra = await loadLatestEntraSnapshot(db, clientId);
    if (!entra) return null;
    const domain = entra.snapshot.organization?.verifiedDomains.find((candidate) => candidate.isDefault)?.name ?? entra.snapshot.tenantId;
    return { collectedAt: entra.snapshot.collectedAt, domain, objects: entraExplorerObjects(entra.snapshot, kind) };
  }
  const stored = await latestSnapshot(db, clientId);
  if (!stored) return null;
  return { collectedAt: stored.snapshot.collectedAt, domain: stored.snapshot.domain.dnsName, objects: explorerObjects(stored.snapshot, kind) };
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
      const source = await explorerSource(context.services.db, clientId, args.kind);
      if (!source) return { collectedAt: null, domain: null, total: 0, objects: [] };
      const needle = args.search?.trim().toLowerCase() ?? '';
      const all = source.objects.filter((o) =>
        [o.name, o.distinguishedName, o.samAccountName ?? ''].some((text) => text.toLowerCase().includes(needle)),
      );
      all.sort((a, b) => a.name.localeCompare(b.name, 'de'));
      const offset = Math.max(0, args.offset ?? 0);
      return {
        collectedAt: source.collectedAt,
        domain: source.domain,
        total: all.length,
        objects: all.slice(offset, offset + pageSize(args.first)),
      };
    },
  }),
}));
