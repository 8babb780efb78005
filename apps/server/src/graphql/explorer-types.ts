import type { Db } from '../db/database';
import { loadLatestEntraSnapshot } from '../entra/entra-snapshot-store';
import { AD_KINDS } from './ad-explorer-objects';
import { SEARCH_COUNT_LIMIT, adExplorerPage } from './ad-explorer-page';
import { ENTRA_KINDS, type EntraKind, entraExplorerObjects } from './entra-explorer-objects';
import { assertClientAccess, pageSize } from './access';
import { builder } from './builder';

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

const isEntraKind = (kind: Kind): kind is EntraKind => (ENTRA_KINDS as readonly string[]).includes(kind);

/** The latest Entra snapshot's objects of one kind, searched and paged in memory (an Entra tenant is one jsonb value). */
async function entraExplorerPage(db: Db, clientId: string, kind: EntraKind, { search, first, offset }: { search: string; first: number; offset: number }) {
  const entra = await loadLatestEntraSnapshot(db, clientId);
  if (!entra) return null;
  const domain = entra.snapshot.organization?.verifiedDomains.find((candidate) => candidate.isDefault)?.name ?? entra.snapshot.tenantId;
  const needle = search.trim().toLowerCase();
  const all = entraExplorerObjects(entra.snapshot, kind).filter((o) =>
    [o.name, o.distinguishedName, o.samAccountName ?? ''].some((text) => text.toLowerCase().includes(needle)),
  );
  all.sort((a, b) => a.name.localeCompare(b.name, 'de'));
  return { collectedAt: entra.snapshot.collectedAt, domain, total: all.length, totalCapped: false, objects: all.slice(offset, offset + first) };
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

interface ExplorerPageShape {
  collectedAt: string | null;
  domain: string | null;
  total: number;
  totalCapped: boolean;
  objects: ExplorerObjectShape[];
}

const ExplorerPage = builder.objectRef<ExplorerPageShape>('ExplorerPage').implement({
  fields: (t) => ({
    collectedAt: t.exposeString('collectedAt', { nullable: true }),
    domain: t.exposeString('domain', { nullable: true }),
    total: t.exposeInt('total', {
      description: `Number of objects of the kind; with a search the number of hits, counted up to ${SEARCH_COUNT_LIMIT + 1} only (see totalCapped).`,
    }),
    totalCapped: t.exposeBoolean('totalCapped', {
      description: `True when a search has more than ${SEARCH_COUNT_LIMIT} hits: total is then ${SEARCH_COUNT_LIMIT + 1}, a lower bound, and pages beyond it stay reachable by offset.`,
    }),
    objects: t.expose('objects', { type: [ExplorerObject] }),
  }),
});

const EMPTY_PAGE: ExplorerPageShape = { collectedAt: null, domain: null, total: 0, totalCapped: false, objects: [] };

builder.queryFields((t) => ({
  /** Object explorer: objects of one kind from the latest snapshot, filtered by name, DN or sAMAccountName. */
  explorer: t.field({
    type: ExplorerPage,
    description: `Objects of one kind of the newest collection, by name, optionally only those whose name, sAMAccountName or distinguished name contains the search (case-insensitive); first 1–200 (default 50). A search's total is counted up to ${SEARCH_COUNT_LIMIT + 1}.`,
    args: {
      clientId: t.arg.id({ required: true }),
      kind: t.arg({ type: ObjectKind, required: true }),
      search: t.arg.string(),
      first: t.arg.int(),
      offset: t.arg.int(),
    },
    resolve: async (_root, args, context) => {
      const clientId = await assertClientAccess(context, String(args.clientId));
      const paging = { search: args.search ?? '', first: pageSize(args.first), offset: Math.max(0, args.offset ?? 0) };
      const { db } = context.services;
      const page = isEntraKind(args.kind) ? await entraExplorerPage(db, clientId, args.kind, paging) : await adExplorerPage(db, clientId, args.kind, paging);
      return page ?? EMPTY_PAGE;
    },
  }),
}));
