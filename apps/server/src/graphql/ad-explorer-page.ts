import { sql } from 'kysely';
import { containsPattern } from '../changes/change-queries';
import { clientDb } from '../db/client-db';
import type { Db } from '../db/database';
import { newestComplete } from '../snapshots/snapshot-store';
import { AD_KIND_LIST, type AdKind, type AdObjectOf, adExplorerObject } from './ad-explorer-objects';
import type { ExplorerObjectShape } from './explorer-types';

/**
 * A search counts its hits up to this many and one more: counting every hit of a search that matches most of a 1M-object
 * directory would read all of them on every keystroke. More than this many is shown as "mehr als 10.000".
 */
export const SEARCH_COUNT_LIMIT = 10_000;

export interface AdExplorerPage {
  collectedAt: string;
  domain: string;
  /** Objects of the kind (search: hits, at most SEARCH_COUNT_LIMIT + 1). */
  total: number;
  /** The search has more than SEARCH_COUNT_LIMIT hits: `total` is a lower bound. */
  totalCapped: boolean;
  objects: ExplorerObjectShape[];
}

/** The newest complete snapshot's id, collection time, domain and object counts (its head is not read). */
async function currentSnapshot(db: Db, clientId: string) {
  return newestComplete(db, clientId)
    .select(['snapshot_id_pk', 'object_counts', sql<string>`data->>'collectedAt'`.as('collected_at'), sql<string>`data->'domain'->>'dnsName'`.as('domain')])
    .executeTakeFirst();
}

/**
 * One page of the newest snapshot's objects of one kind, by name, optionally only those whose name, sAMAccountName or
 * distinguished name contains `search` (case-insensitive). Read from `directory_object` with the kind/name index and
 * the search index of migration 0310: a page costs the same in a 1M-object directory as in a small one.
 */
export async function adExplorerPage(
  db: Db,
  clientId: string,
  kind: AdKind,
  { search, first, offset }: { search: string; first: number; offset: number },
): Promise<AdExplorerPage | null> {
  const snapshot = await currentSnapshot(db, clientId);
  if (!snapshot) return null;
  const list = AD_KIND_LIST[kind];
  const needle = search.trim().toLowerCase();
  let objects = clientDb(db, clientId).selectFrom('directory_object').where('snapshot_fk', '=', snapshot.snapshot_id_pk).where('kind', '=', list);
  if (needle !== '') {
    const pattern = containsPattern(needle);
    objects = objects
      // The indexed text (migration 0310) finds the candidates; the columns one by one keep a hit from spanning two.
      .where(sql<boolean>`lower(name || ' ' || coalesce(sam_account_name, '') || ' ' || distinguished_name) LIKE ${pattern}`)
      .where((eb) =>
        eb.or([eb(sql`lower(name)`, 'like', pattern), eb(sql`lower(sam_account_name)`, 'like', pattern), eb(sql`lower(distinguished_name)`, 'like', pattern)]),
      );
  }
  const [rows, total] = await Promise.all([
    objects.select('data').orderBy(sql`lower(name)`).orderBy('object_guid').limit(first).offset(offset).execute(),
    needle === ''
      ? Promise.resolve(snapshot.object_counts?.[list] ?? 0)
      : db
          .selectFrom(objects.select(sql.lit(1).as('hit')).limit(SEARCH_COUNT_LIMIT + 1).as('hits'))
          .select(sql<string>`count(*)`.as('count'))
          .executeTakeFirstOrThrow()
          .then((row) => Number(row.count)),
  ]);
  return {
    collectedAt: snapshot.collected_at,
    domain: snapshot.domain,
    total,
    totalCapped: total > SEARCH_COUNT_LIMIT,
    objects: rows.map((row) => adExplorerObject(kind, row.data as AdObjectOf[typeof kind])),
  };
}
