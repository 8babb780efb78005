import type { AdminLogDetail, AdminLogPage } from '@burgwall/shared';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { clientSchemaName } from '../db/client-schema';
import type { Db } from '../db/database';
import type { ClientDatabase } from '../db/schema';
import { encodeCursor, type LogLevel, type LogListQuery } from './admin-logs-schema';

const LEVEL_PATTERNS: Record<LogLevel, string> = {
  error: '\\m(ERROR|FATAL|CRITICAL)\\M',
  warn: '\\m(ERROR|FATAL|CRITICAL|WARN|WARNING)\\M',
};

/** `%text%` for ILIKE with the caller's % _ \ taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

interface ClientInfo {
  client_id_pk: string;
  client_name: string;
  serviceprovider_id_pk: string;
  serviceprovider_name: string;
}

async function candidateClients(db: Db, query: LogListQuery): Promise<ClientInfo[]> {
  let select = db
    .selectFrom('client')
    .innerJoin('serviceprovider', 'serviceprovider.serviceprovider_id_pk', 'client.serviceprovider_fk')
    .select(['client.client_id_pk', 'client.client_name', 'serviceprovider.serviceprovider_id_pk', 'serviceprovider.serviceprovider_name']);
  if (query.clientId) select = select.where('client.client_id_pk', '=', query.clientId);
  if (query.provider) select = select.where('client.serviceprovider_fk', '=', query.provider);
  return select.execute();
}

/** Client schemas per UNION ALL: one query over 10,000 branches exceeded PostgreSQL's stack depth at ~8k clients. */
export const ADMIN_LOG_CLIENTS_PER_QUERY = 500;

interface LogRow {
  client_id: string;
  log_id: string;
  log_name: string;
  bytes: number;
  received_at: Date;
  received_at_text: string;
  /** received_at in microseconds since the epoch: Date keeps only milliseconds, the order needs all six digits. */
  received_us: string;
}

/** The outer order: (received_at, client id, log id) descending, the same as the cursor's. */
function newestFirst(a: LogRow, b: LogRow): number {
  const time = BigInt(b.received_us) - BigInt(a.received_us);
  if (time !== 0n) return time > 0n ? 1 : -1;
  if (a.client_id !== b.client_id) return a.client_id < b.client_id ? 1 : -1;
  const id = BigInt(b.log_id) - BigInt(a.log_id);
  return id > 0n ? 1 : id < 0n ? -1 : 0;
}

/**
 * Collector logs of all (filtered) clients, newest first, keyset-paged.
 *
 * Why UNION ALL over the client schemas rather than a global index table: the logs are tenant data and stay
 * in each client's own schema (dropped with it, never copied into global tables), the collector's write path stays
 * untouched, and the admin opens this page rarely. Every branch is filtered, ordered and limited on its own (using
 * collector_log's primary key / index), so the outer sort only sees `limit + 1` rows per client; the clients are taken
 * ADMIN_LOG_CLIENTS_PER_QUERY at a time and the batches' newest rows merged here (the page's rows are among them).
 * Schema names come from `clientSchemaName`, which accepts only canonical UUIDs, and are quoted as identifiers.
 */
export async function listAdminLogs(db: Db, query: LogListQuery, clientsPerQuery = ADMIN_LOG_CLIENTS_PER_QUERY): Promise<AdminLogPage> {
  const clients = await candidateClients(db, query);
  if (clients.length === 0) return { items: [], nextCursor: null };
  const byId = new Map(clients.map((client) => [client.client_id_pk, client]));
  const take = query.limit + 1;

  const branchOf = (client: ClientInfo) => {
    const conditions: RawBuilder<unknown>[] = [sql`true`];
    if (query.from) conditions.push(sql`received_at >= ${query.from}`);
    if (query.to) conditions.push(sql`received_at <= ${query.to}`);
    if (query.q) conditions.push(sql`content ILIKE ${containsPattern(query.q)}`);
    if (query.level) conditions.push(sql`content ~ ${LEVEL_PATTERNS[query.level]}`);
    if (query.cursor) {
      const { receivedAt, clientId, logId } = query.cursor;
      // Same order as the outer ORDER BY: (received_at, client id, log id) descending.
      conditions.push(
        sql`(received_at, ${client.client_id_pk}::uuid, collector_log_id_pk) < (${receivedAt}::timestamptz, ${clientId}::uuid, ${logId}::bigint)`,
      );
    }
    return sql`(SELECT ${client.client_id_pk}::uuid AS client_id, collector_log_id_pk::text AS log_id, log_name,
        octet_length(content) AS bytes, received_at, received_at::text AS received_at_text,
        (extract(epoch FROM received_at) * 1000000)::bigint::text AS received_us
      FROM ${sql.table(`${clientSchemaName(client.client_id_pk)}.collector_log`)}
      WHERE ${sql.join(conditions, sql` AND `)}
      ORDER BY received_at DESC, collector_log_id_pk DESC LIMIT ${take})`;
  };

  let rows: LogRow[] = [];
  for (let start = 0; start < clients.length; start += clientsPerQuery) {
    const branches = clients.slice(start, start + clientsPerQuery).map(branchOf);
    const batch = await sql<LogRow>`SELECT * FROM (${sql.join(branches, sql` UNION ALL `)}) AS logs
      ORDER BY received_at DESC, client_id DESC, log_id::bigint DESC LIMIT ${take}`.execute(db);
    rows = [...rows, ...batch.rows].sort(newestFirst).slice(0, take);
  }

  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > query.limit && last ? encodeCursor({ receivedAt: last.received_at_text, clientId: last.client_id, logId: last.log_id }) : null;
  return {
    items: page.map((row) => {
      const client = byId.get(row.client_id) as ClientInfo;
      return {
        clientId: row.client_id,
        clientName: client.client_name,
        providerId: client.serviceprovider_id_pk,
        providerName: client.serviceprovider_name,
        logId: row.log_id,
        logName: row.log_name,
        bytes: Number(row.bytes),
        receivedAt: row.received_at.toISOString(),
      };
    }),
    nextCursor,
  };
}

/** One log with its text (read from the client's own schema), or undefined when the client or the log does not exist. */
export async function loadAdminLog(db: Db, clientDb: Kysely<ClientDatabase>, clientId: string, logId: string): Promise<AdminLogDetail | undefined> {
  const [client] = await candidateClients(db, { clientId, limit: 1 });
  if (!client) return undefined;
  const row = await clientDb
    .selectFrom('collector_log')
    // The table type declares received_at as Generated<Timestamp>, which kysely does not unwrap to Date on select.
    .select(['collector_log_id_pk', 'log_name', 'content', sql<Date>`received_at`.as('received_at')])
    .where('collector_log_id_pk', '=', logId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    clientId: client.client_id_pk,
    clientName: client.client_name,
    providerId: client.serviceprovider_id_pk,
    providerName: client.serviceprovider_name,
    logId: String(row.collector_log_id_pk),
    logName: row.log_name,
    bytes: Buffer.byteLength(row.content),
    receivedAt: row.received_at.toISOString(),
    content: row.content,
  };
}

/** Clients and providers for the filter selects of the admin log pages. */
export async function adminLogFilterOptions(db: Db) {
  const rows = await candidateClients(db, { limit: 1 });
  const providers = new Map<string, string>();
  for (const row of rows) providers.set(row.serviceprovider_id_pk, row.serviceprovider_name);
  return {
    clients: rows
      .map((row) => ({ clientId: row.client_id_pk, clientName: row.client_name, providerId: row.serviceprovider_id_pk }))
      .sort((a, b) => a.clientName.localeCompare(b.clientName, 'de')),
    providers: [...providers].map(([providerId, providerName]) => ({ providerId, providerName })).sort((a, b) => a.providerName.localeCompare(b.providerName, 'de')),
  };
}
