import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import { containsPattern } from '../changes/change-queries';
import { clientDb } from '../db/client-db';
import type { Db } from '../db/database';
import type { ClientDatabase } from '../db/schema';
import { newestComplete } from '../snapshots/snapshot-store';
import { AD_KIND_LIST, type AdKind, type AdObjectOf, adExplorerObject } from './ad-explorer-objects';
import type { ExplorerObjectShape } from './explorer-types';

/**
 * A search takes at most this many hits (and one more, to know there are more): finding, counting and ordering more
 * would read that many rows of a 1M-object directory on every keystroke. With more hits the page shows these, in name
 * order, and says "mehr als 1.000" — the search should then be narrowed.
 */
export const SEARCH_HIT_LIMIT = 1_000;
/** Shorter searches have no trigram to look up (the explorer refuses them). */
export const MIN_SEARCH_LENGTH = 3;

export interface AdExplorerPage {
  collectedAt: string;
  domain: string;
  /** Objects of the kind; with a search its hits, at most SEARCH_HIT_LIMIT + 1. */
  total: number;
  /** The search has more than SEARCH_HIT_LIMIT hits: `total` is a lower bound and only that many are paged. */
  totalCapped: boolean;
  objects: ExplorerObjectShape[];
}

interface Paging {
  search: string;
  first: number;
  offset: number;
}

type Objects = SelectQueryBuilder<ClientDatabase, 'directory_object', object>;
type Own = Kysely<ClientDatabase>;

/** The newest complete snapshot's id, collection time, domain and object counts (its head is not read). */
function currentSnapshot(db: Db, clientId: string) {
  return newestComplete(db, clientId)
    .select(['snapshot_id_pk', 'object_counts', sql<string>`data->>'collectedAt'`.as('collected_at'), sql<string>`data->'domain'->>'dnsName'`.as('domain')])
    .executeTakeFirst();
}

/**
 * Objects whose name or sAMAccountName contains the needle, or whose whole distinguished name it is. The first test is
 * the expression of the trigram index directory_object_search_idx (migration 0310, which says why the DN is not in
 * it); a needle with a space could also match across the two fields there, so those are checked field by field.
 */
function matching(objects: Objects, needle: string): Objects {
  const pattern = containsPattern(needle);
  return objects.where((eb) =>
    eb.or([
      eb.and([
        eb(sql`lower(name || ' ' || coalesce(sam_account_name, ''))`, 'like', pattern),
        ...(needle.includes(' ') ? [eb.or([eb(sql`lower(name)`, 'like', pattern), eb(sql`lower(sam_account_name)`, 'like', pattern)])] : []),
      ]),
      eb(sql`lower(distinguished_name)`, '=', needle),
    ]),
  );
}

/** The rows of the given keys (object guid, sort name), in name order. */
async function rowsOf(own: Own, snapshotId: string, keys: SelectQueryBuilder<ClientDatabase, 'directory_object', { object_guid: string; sort_name: string }>) {
  return own
    .selectFrom(keys.as('page'))
    .innerJoin('directory_object as d', (join) => join.onRef('d.object_guid', '=', 'page.object_guid').on('d.snapshot_fk', '=', snapshotId))
    .select('d.data')
    .orderBy('page.sort_name')
    .orderBy('page.object_guid')
    .execute();
}

/**
 * A page of all objects of a kind, by name. The keys come off the kind/name index alone (it includes the name,
 * migration 0310), so rows skipped by the offset are never read from the table; a page past the middle is read from
 * the end backwards, so the last page costs what the first does.
 */
function browse(own: Own, objects: Objects, snapshotId: string, total: number, { first, offset }: Paging) {
  const fromEnd = total - offset - first;
  const backwards = offset > total / 2;
  const direction = backwards ? 'desc' : 'asc';
  const keys = objects
    .select(['object_guid', sql<string>`lower(name)`.as('sort_name')])
    .orderBy(sql`lower(name)`, direction)
    .orderBy('object_guid', direction)
    .limit(backwards ? Math.max(0, first + Math.min(0, fromEnd)) : first)
    .offset(backwards ? Math.max(0, fromEnd) : offset);
  return rowsOf(own, snapshotId, keys);
}

/**
 * A page of a search: its hits (at most SEARCH_HIT_LIMIT + 1, found the cheapest way — the trigram index for a rare
 * needle, the kind/name index for a common one) are taken once, counted and ordered by name in one statement; only
 * the page's own rows are then read whole.
 */
function search(own: Own, objects: Objects, snapshotId: string, { search: needle, first, offset }: Paging) {
  return own
    .with(
      (cte) => cte('hits').materialized(),
      () => matching(objects, needle).select(['object_guid', sql<string>`lower(name)`.as('sort_name')]).limit(SEARCH_HIT_LIMIT + 1),
    )
    .selectFrom((eb) => eb.selectFrom('hits').select(['object_guid', 'sort_name']).orderBy('sort_name').orderBy('object_guid').limit(first).offset(offset).as('page'))
    .innerJoin('directory_object as d', (join) => join.onRef('d.object_guid', '=', 'page.object_guid').on('d.snapshot_fk', '=', snapshotId))
    .select(['d.data', (eb) => eb.selectFrom('hits').select(sql<string>`count(*)`.as('n')).as('hits')])
    .orderBy('page.sort_name')
    .orderBy('page.object_guid')
    .execute();
}

/**
 * One page of the newest snapshot's objects of one kind, by name, optionally only those whose name or sAMAccountName
 * contains `search` (case-insensitive) or whose distinguished name it is. Read from `directory_object` with the
 * indexes of migration 0310: a page costs about the same in a 1M-object directory as in a small one.
 */
export async function adExplorerPage(db: Db, clientId: string, kind: AdKind, paging: Paging): Promise<AdExplorerPage | null> {
  const snapshot = await currentSnapshot(db, clientId);
  if (!snapshot) return null;
  const list = AD_KIND_LIST[kind];
  const own = clientDb(db, clientId);
  const objects = own.selectFrom('directory_object').where('snapshot_fk', '=', snapshot.snapshot_id_pk).where('kind', '=', list);
  const needle = paging.search.trim().toLowerCase();
  let total: number;
  let rows: { data: unknown }[];
  if (needle === '') {
    total = snapshot.object_counts?.[list] ?? 0;
    rows = await browse(own, objects, snapshot.snapshot_id_pk, total, paging);
  } else {
    const hits = await search(own, objects, snapshot.snapshot_id_pk, { ...paging, search: needle });
    total = hits.length > 0 ? Number(hits[0]?.hits) : paging.offset === 0 ? 0 : await countHits(own, objects, needle);
    rows = hits;
  }
  return {
    collectedAt: snapshot.collected_at,
    domain: snapshot.domain,
    total,
    // Only a search is capped: without one the total is the stored count of the kind, exact however large.
    totalCapped: needle !== '' && total > SEARCH_HIT_LIMIT,
    objects: rows.map((row) => adExplorerObject(kind, row.data as AdObjectOf[typeof kind])),
  };
}

/** The hits of a search (at most SEARCH_HIT_LIMIT + 1), for a page past the last one. */
async function countHits(own: Own, objects: Objects, needle: string): Promise<number> {
  const hits = matching(objects, needle).select(sql.lit(1).as('hit')).limit(SEARCH_HIT_LIMIT + 1);
  const row = await own.selectFrom(hits.as('hits')).select(sql<string>`count(*)`.as('count')).executeTakeFirstOrThrow();
  return Number(row.count);
}
