import { type ExpressionBuilder, sql } from 'kysely';
import type { IoaSeverity } from '@burgwall/checks/attacks';
import type { Page } from '../changes/change-queries';
import { clientDb } from '../db/client-db';
import type { Db } from '../db/database';
import type { ClientDatabase } from '../db/schema';
import { decodeCursor, encodeCursor, keysetDirection, type TimeOrder } from '../graphql/cursor';

export interface IoaEventRow {
  id: string;
  clientId: string;
  changeId: string;
  detector: string;
  severity: IoaSeverity;
  title: string;
  evidence: Record<string, unknown>;
  objectGuid: string;
  distinguishedName: string;
  occurredAt: Date;
}

export interface IoaFilter {
  severity?: IoaSeverity | null;
  detector?: string | null;
  from?: Date | null;
  to?: Date | null;
}

const COLUMNS = [
  'ioa_event_id_pk',
  'change_fk',
  'detector',
  'severity',
  'title',
  'evidence',
  'object_guid',
  'distinguished_name',
  'occurred_at',
] as const;

type Row = {
  ioa_event_id_pk: string;
  change_fk: string;
  detector: string;
  severity: IoaSeverity;
  title: string;
  evidence: Record<string, unknown>;
  object_guid: string;
  distinguished_name: string;
  occurred_at: Date;
};

function toEvent(clientId: string, row: Row): IoaEventRow {
  return {
    id: row.ioa_event_id_pk,
    clientId,
    changeId: row.change_fk,
    detector: row.detector,
    severity: row.severity,
    title: row.title,
    evidence: row.evidence,
    objectGuid: row.object_guid,
    distinguishedName: row.distinguished_name,
    occurredAt: row.occurred_at,
  };
}

/** The security log: a client's IoA events, newest (or oldest) first. */
export async function findIoaEvents(
  db: Db,
  clientId: string,
  filter: IoaFilter,
  first: number,
  after: string | null,
  order: TimeOrder = 'NEWEST_FIRST',
): Promise<Page<IoaEventRow>> {
  const keyset = keysetDirection(order);
  let query = clientDb(db, clientId).selectFrom('ioa_event').select(COLUMNS);
  if (filter.severity) query = query.where('severity', '=', filter.severity);
  if (filter.detector) query = query.where('detector', '=', filter.detector);
  if (filter.from) query = query.where('occurred_at', '>=', filter.from);
  if (filter.to) query = query.where('occurred_at', '<=', filter.to);
  if (after) {
    const key = decodeCursor(after, order);
    query = query.where((eb: ExpressionBuilder<ClientDatabase, 'ioa_event'>) =>
      eb(eb.refTuple('occurred_at', 'ioa_event_id_pk'), keyset.after, eb.tuple(key.time, key.id)),
    );
  }
  const rows = await query.orderBy('occurred_at', keyset.direction).orderBy('ioa_event_id_pk', keyset.direction).limit(first + 1).execute();
  const nodes = rows.slice(0, first).map((row) => toEvent(clientId, row));
  const last = nodes.at(-1);
  return { nodes, endCursor: last ? encodeCursor({ time: last.occurredAt, id: last.id }, order) : null, hasNextPage: rows.length > first };
}

/** Events by id within one client's schema (what a live notice names). */
export async function ioaEventsByIds(db: Db, clientId: string, ids: readonly string[]): Promise<IoaEventRow[]> {
  if (ids.length === 0) return [];
  const rows = await clientDb(db, clientId)
    .selectFrom('ioa_event')
    .select(COLUMNS)
    .where(sql<boolean>`ioa_event_id_pk = ANY(${ids}::bigint[])`)
    .orderBy('ioa_event_id_pk')
    .execute();
  return rows.map((row) => toEvent(clientId, row));
}

export interface IoaSummaryRow {
  detector: string;
  severity: IoaSeverity;
  count: number;
  lastOccurredAt: Date;
}

/** Per detector and severity: how many IoAs since `since`, and the latest (the /ioa overview). */
export async function summariseIoaEvents(db: Db, clientId: string, since: Date): Promise<IoaSummaryRow[]> {
  const rows = await clientDb(db, clientId)
    .selectFrom('ioa_event')
    .select(['detector', 'severity', sql<string>`count(*)`.as('count'), sql<Date>`max(occurred_at)`.as('last')])
    .where('occurred_at', '>=', since)
    .groupBy(['detector', 'severity'])
    .execute();
  return rows.map((row) => ({ detector: row.detector, severity: row.severity, count: Number(row.count), lastOccurredAt: new Date(row.last) }));
}
