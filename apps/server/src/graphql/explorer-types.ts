import { AD_KINDS } from './ad-explorer-objects';
import { MIN_SEARCH_LENGTH, SEARCH_HIT_LIMIT, adExplorerPage } from './ad-explorer-page';
import { createGraphQLError } from 'graphql-yoga';
import { ENTRA_KINDS, type EntraKind } from './entra-explorer-objects';
import { entraExplorerPage } from './entra-explorer-page';
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
      description: `Number of objects of the kind; with a search the number of hits, counted up to ${SEARCH_HIT_LIMIT + 1} only (see totalCapped).`,
    }),
    totalCapped: t.exposeBoolean('totalCapped', {
      description: `True when an AD search has more than ${SEARCH_HIT_LIMIT} hits: total is then ${SEARCH_HIT_LIMIT + 1} (a lower bound) and only these ${SEARCH_HIT_LIMIT + 1} hits are paged, by name — narrow the search to see others.`,
    }),
    objects: t.expose('objects', { type: [ExplorerObject] }),
  }),
});

/**
 * An AD search needs a few characters: one or two letters have no trigram to look up and would be tested against every
 * object of a 1M-object directory.
 */
function assertSearchLength(search: string): void {
  const length = [...search.trim()].length;
  if (length > 0 && length < MIN_SEARCH_LENGTH) {
    throw createGraphQLError(`Die Suche braucht mindestens ${MIN_SEARCH_LENGTH} Zeichen.`, { extensions: { code: 'validation-failed' } });
  }
}

const EMPTY_PAGE: ExplorerPageShape = { collectedAt: null, domain: null, total: 0, totalCapped: false, objects: [] };

builder.queryFields((t) => ({
  /** Object explorer: objects of one kind from the latest snapshot, filtered by name or sAMAccountName (or whole DN). */
  explorer: t.field({
    type: ExplorerPage,
    description: `Objects of one kind of the newest collection, by name; with a search (AD: at least ${MIN_SEARCH_LENGTH} characters) only those whose name or sAMAccountName contains it (case-insensitive) or whose whole distinguished name it is (Entra kinds: name, identifier or on-premises account name contains it). first 1–200 (default 50). An AD search takes at most ${SEARCH_HIT_LIMIT + 1} hits (see totalCapped).`,
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
      if (isEntraKind(args.kind)) return (await entraExplorerPage(db, clientId, args.kind, paging)) ?? EMPTY_PAGE;
      assertSearchLength(paging.search);
      const page = await adExplorerPage(db, clientId, args.kind, paging);
      return page ?? EMPTY_PAGE;
    },
  }),
}));
