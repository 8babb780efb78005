import { type ExpressionBuilder, sql } from 'kysely';
import { clientDb } from '../db/client-db';
import type { Db } from '../db/database';
import type { ClientDatabase } from '../db/schema';
import { decodeCursor, encodeCursor, keysetDirection, type TimeOrder } from '../graphql/cursor';

export interface ChangeFilter {
  objectGuid?: string | null;
  /** Substring of the object's DN (trigram index). */
  search?: string | null;
  propertyName?: string | null;
  from?: Date | null;
  to?: Date | null;
  isIoa?: boolean | null;
  isIoe?: boolean | null;
}

export interface ChangeRow {
  id: string;
  objectGuid: string;
  objectClass: string;
  distinguishedName: string;
  propertyName: string;
  oldValue: string | null;
  newValue: string | null;
  timestamp: Date;
  isIoa: boolean;
  isIoe: boolean;
  directory: 'ad' | 'entra';
  /** Replication metadata: the originating DC (NTDS Settings DN) and the attribute's version; null when unknown. */
  originatingDsa: string | null;
  version: number | null;
}

export interface Page<T> {
  nodes: T[];
  endCursor: string | null;
  hasNextPage: boolean;
}

/** LIKE pattern for a literal substring. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
}

/** One page of a client's changes, newest (or oldest) first, filtered (change history, search, object timeline). */
export async function findChanges(
  db: Db,
  clientId: string,
  filter: ChangeFilter,
  first: number,
  after: string | null,
  order: TimeOrder = 'NEWEST_FIRST',
): Promise<Page<ChangeRow>> {
  const keyset = keysetDirection(order);
  let query = clientDb(db, clientId)
    .selectFrom('change')
    .select(['rep_id_pk', 'object_guid', 'object_class', 'distinguished_name', 'property_name', 'old_value', 'new_value', 'timestamp', 'is_ioa', 'is_ioe', 'directory', 'originating_dsa', 'attribute_version']);
  if (filter.objectGuid) query = query.where('object_guid', '=', filter.objectGuid);
  if (filter.search) query = query.where('distinguished_name', 'ilike', containsPattern(filter.search));
  if (filter.propertyName) query = query.where(sql<boolean>`lower(property_name) = lower(${filter.propertyName})`);
  if (filter.from) query = query.where('timestamp', '>=', filter.from);
  if (filter.to) query = query.where('timestamp', '<=', filter.to);
  if (filter.isIoa !== null && filter.isIoa !== undefined) query = query.where('is_ioa', '=', filter.isIoa);
  if (filter.isIoe !== null && filter.isIoe !== undefined) query = query.where('is_ioe', '=', filter.isIoe);
  if (after) {
    const key = decodeCursor(after, order);
    query = query.where((eb: ExpressionBuilder<ClientDatabase, 'change'>) =>
      eb(eb.refTuple('timestamp', 'rep_id_pk'), keyset.after, eb.tuple(key.time, key.id)),
    );
  }
  const rows = await query.orderBy('timestamp', keyset.direction).orderBy('rep_id_pk', keyset.direction).limit(first + 1).execute();
  const nodes = rows.slice(0, first).map((row) => ({
    id: row.rep_id_pk,
    objectGuid: row.object_guid,
    objectClass: row.object_class,
    distinguishedName: row.distinguished_name,
    propertyName: row.property_name,
    oldValue: row.old_value,
    newValue: row.new_value,
    timestamp: row.timestamp,
    isIoa: row.is_ioa,
    isIoe: row.is_ioe,
    directory: row.directory,
    originatingDsa: row.originating_dsa,
    version: row.attribute_version,
  }));
  const last = nodes.at(-1);
  return { nodes, endCursor: last ? encodeCursor({ time: last.timestamp, id: last.id }, order) : null, hasNextPage: rows.length > first };
}
