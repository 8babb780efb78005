import { LRUCache } from 'lru-cache';
import { clientDb } from '../db/client-db';
import type { Db } from '../db/database';
import { loadEntraSnapshotById } from '../entra/entra-snapshot-store';
import { type EntraKind, entraExplorerObjects } from './entra-explorer-objects';
import type { ExplorerObjectShape } from './explorer-types';

/** One kind of one stored Entra snapshot in the explorer's shape, sorted by German name order. */
interface EntraKindList {
  collectedAt: string;
  domain: string;
  objects: ExplorerObjectShape[];
}

const germanOrder = new Intl.Collator('de');

/**
 * An Entra tenant is stored as one value per collection, and a stored collection never changes: the sorted list of a
 * kind is kept per snapshot id, so paging and searching do not load, validate and reshape the whole tenant on every
 * request (a newer collection has another id). Kept per instance, a few lists at a time; `fetch` makes concurrent
 * requests share one build.
 */
const lists = new LRUCache<string, EntraKindList, { db: Db; clientId: string; snapshotId: string; kind: EntraKind }>({
  max: 8,
  fetchMethod: async (_key, _stale, { context }) => {
    const snapshot = await loadEntraSnapshotById(context.db, context.clientId, context.snapshotId);
    if (!snapshot) return undefined;
    const domain = snapshot.organization?.verifiedDomains.find((candidate) => candidate.isDefault)?.name ?? snapshot.tenantId;
    const objects = entraExplorerObjects(snapshot, context.kind).sort((a, b) => germanOrder.compare(a.name, b.name));
    return { collectedAt: snapshot.collectedAt, domain, objects };
  },
});

/** The id of the client's newest Entra snapshot (what the kept lists are keyed by), or null before the first. */
async function newestEntraSnapshotId(db: Db, clientId: string): Promise<string | null> {
  const row = await clientDb(db, clientId)
    .selectFrom('entra_snapshot')
    .select('entra_snapshot_id_pk')
    .orderBy('collected_at', 'desc')
    .orderBy('entra_snapshot_id_pk', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.entra_snapshot_id_pk ?? null;
}

/** The newest Entra snapshot's objects of one kind, searched (name, identifier, on-premises login) and paged. */
export async function entraExplorerPage(db: Db, clientId: string, kind: EntraKind, { search, first, offset }: { search: string; first: number; offset: number }) {
  const snapshotId = await newestEntraSnapshotId(db, clientId);
  if (snapshotId === null) return null;
  // The snapshot id alone could be read by another client's list: the key holds the client too.
  const list = await lists.fetch(`${clientId}:${snapshotId}:${kind}`, { context: { db, clientId, snapshotId, kind } });
  if (!list) return null;
  const needle = search.trim().toLowerCase();
  const matching = needle ? list.objects.filter((o) => [o.name, o.distinguishedName, o.samAccountName ?? ''].some((text) => text.toLowerCase().includes(needle))) : list.objects;
  return { collectedAt: list.collectedAt, domain: list.domain, total: matching.length, totalCapped: false, objects: matching.slice(offset, offset + first) };
}
