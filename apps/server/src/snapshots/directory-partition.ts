import { setTimeout } from 'node:timers/promises';
import { type RawBuilder, sql } from 'kysely';
import { clientSchemaName } from '../db/client-schema';
import type { Db } from '../db/database';
import { LOCK_NOT_AVAILABLE, succeedsInSavepoint } from '../db/savepoint';
import { vacuumClientTable } from '../db/vacuum-client-table';

/**
 * One partition of `directory_object` per snapshot (client migration 0360). An upload's rows go into a table that has
 * only its primary key and read-back order, and the explorer's indexes (kind + name, DN, SID, search, login, alias) are
 * built in one go after the snapshot's evaluation: at a million objects PostgreSQL spent ~16 s more CPU keeping six
 * indexes current row by row than it takes to build them from the finished table, and that work sat on the upload's
 * path (bench/README.md, "One partition per snapshot"). Dropping a superseded snapshot is dropping its table.
 */

/** Snapshot ids are bigint; they become part of table names and a partition bound, so only digits pass. */
function snapshotNumber(snapshotId: string): string {
  if (!/^\d{1,19}$/.test(snapshotId)) throw new Error(`Invalid snapshot id ${JSON.stringify(snapshotId).slice(0, 40)}`);
  return snapshotId;
}

/** The table name of a snapshot's partition (the rows of snapshots stored before migration 0360 are in `directory_object_legacy`). */
export const partitionName = (snapshotId: string): `directory_object_s${string}` => `directory_object_s${snapshotNumber(snapshotId)}`;

const table = (clientId: string, name: string) => sql.id(clientSchemaName(clientId), name);

/**
 * Creates the empty partition of a snapshot that is being begun (in begin's transaction). `CREATE TABLE … PARTITION OF`
 * would lock the whole directory against readers; a table of its own attached afterwards needs only a lock that
 * readers and writers of other snapshots pass (PostgreSQL 12+). Attaching gives it the parent's primary key and order index.
 */
export async function createSnapshotPartition(trx: Db, clientId: string, snapshotId: string): Promise<void> {
  const partition = table(clientId, partitionName(snapshotId));
  await sql`CREATE TABLE ${partition} (LIKE ${table(clientId, 'directory_object')} INCLUDING DEFAULTS)`.execute(trx);
  await sql`ALTER TABLE ${table(clientId, 'directory_object')} ATTACH PARTITION ${partition} FOR VALUES IN (${sql.raw(snapshotNumber(snapshotId))})`.execute(trx);
}

/** The explorer's indexes of a snapshot's partition; the last one names the set (they are built in one transaction). */
function explorerIndexes(clientId: string, name: string): RawBuilder<unknown>[] {
  const on = table(clientId, name);
  const index = (suffix: string) => sql.id(`${name}_${suffix}`);
  return [
    // Explorer pages by kind and name; the name included, so a page in the middle skips its offset in the index alone (0312).
    sql`CREATE INDEX ${index('kind_name')} ON ${on} (snapshot_fk, kind, lower(name), object_guid) INCLUDE (name)`,
    // Lookups by DN (member lists, memberOf upkeep of change batches) and by SID.
    sql`CREATE INDEX ${index('dn')} ON ${on} (snapshot_fk, lower(distinguished_name))`,
    sql`CREATE INDEX ${index('sid')} ON ${on} (snapshot_fk, object_sid) WHERE object_sid IS NOT NULL`,
    // Explorer search: a substring of name or login (0310, with its finer statistics).
    sql`CREATE INDEX ${index('search')} ON ${on} USING gin ((lower(name || ' ' || coalesce(sam_account_name, ''))) public.gin_trgm_ops)`,
    sql`ALTER INDEX ${sql.id(clientSchemaName(clientId), `${name}_search`)} ALTER COLUMN 1 SET STATISTICS 1000`,
    // Tier 0 by login, and by UPN or host name (0310).
    sql`CREATE INDEX ${index('sam')} ON ${on} (snapshot_fk, lower(sam_account_name))`,
    sql`CREATE INDEX ${index('alias')} ON ${on} (snapshot_fk, lower(coalesce(data->>'userPrincipalName', data->>'dnsHostName'))) WHERE kind IN ('users', 'computers')`,
  ];
}

/** Whether a table or index of that name exists in the client's schema. */
async function relationExists(db: Db, clientId: string, name: string): Promise<boolean> {
  const { rows } = await sql<{ exists: boolean }>`SELECT to_regclass(${`"${clientSchemaName(clientId)}"."${name}"`}) IS NOT NULL AS exists`.execute(db);
  return rows[0]?.exists === true;
}

/** Whether the snapshot's partition exists and has its explorer indexes (false for a snapshot in the legacy partition). */
export const explorerIndexesBuilt = (db: Db, clientId: string, snapshotId: string) => relationExists(db, clientId, `${partitionName(snapshotId)}_alias`);

/** Whether the snapshot has a partition of its own (false for one stored before client migration 0360). */
export const snapshotHasPartition = (db: Db, clientId: string, snapshotId: string) => relationExists(db, clientId, partitionName(snapshotId));

/**
 * Builds the explorer's indexes of a snapshot's partition unless it has them, then vacuums and analyses it (the
 * search's statistics are those of its index expression; the visibility map lets explorer pages skip their offset in
 * the name index alone, 0312). Both wait until the snapshot is evaluated: beside the evaluation they took the cores
 * its worker needs. Idempotent and cheap when done; a snapshot without a partition of its own (stored before 0360, in
 * the legacy partition with its indexes) is left alone.
 */
export async function ensureExplorerIndexes(db: Db, clientId: string, snapshotId: string): Promise<boolean> {
  const name = partitionName(snapshotId);
  if (!(await snapshotHasPartition(db, clientId, snapshotId)) || (await explorerIndexesBuilt(db, clientId, snapshotId))) return false;
  await db.transaction().execute(async (trx) => {
    // Sorting a million keys in memory instead of in temporary files (PostgreSQL's memory, not the server's).
    await sql`SET LOCAL maintenance_work_mem = '256MB'`.execute(trx);
    for (const statement of explorerIndexes(clientId, name)) await statement.execute(trx);
  });
  await vacuumClientTable(db, clientId, name);
  return true;
}

/** The snapshots that have a partition of their own (every one begun since client migration 0360). */
export async function partitionedSnapshotIds(db: Db, clientId: string): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
    WHERE i.inhparent = to_regclass(${`"${clientSchemaName(clientId)}".directory_object`})`.execute(db);
  return rows.flatMap((row) => /^directory_object_s(\d+)$/.exec(row.name)?.slice(1, 2) ?? []);
}

/** How long one attempt to drop a partition may queue readers behind it, how many attempts there are, the pause between. */
const DROP_LOCK_WAIT_MS = 1_000;
const DROP_ATTEMPTS = 10;
const DROP_RETRY_PAUSE_MS = 500;

/**
 * Drops a table once no transaction uses the directory: an attempt that cannot get its lock within DROP_LOCK_WAIT_MS
 * (a part of another upload being stored, a change batch, a long read) is undone and tried again after a pause in
 * which the queued readers pass; the last attempt's error goes to the caller (its job is retried later).
 */
async function dropWhenFree(trx: Db, target: ReturnType<typeof table>): Promise<void> {
  const drop = () => sql`DROP TABLE ${target}`.execute(trx);
  for (let attempt = 1; attempt < DROP_ATTEMPTS; attempt++) {
    if (await succeedsInSavepoint(trx, LOCK_NOT_AVAILABLE, drop)) return;
    await setTimeout(DROP_RETRY_PAUSE_MS);
  }
  await drop();
}

/**
 * Drops the partitions of the given snapshots (superseded or deleted ones). Dropping a partition locks the whole
 * directory for a moment, so each attempt waits at most a second for those using it (dropWhenFree) instead of queueing
 * every other reader behind it for as long as they take. `trx` is a transaction. Returns the number of rows the
 * dropped partitions held.
 */
export async function dropSnapshotPartitions(trx: Db, clientId: string, snapshotIds: readonly string[]): Promise<number> {
  if (snapshotIds.length === 0) return 0;
  const schema = clientSchemaName(clientId);
  const { rows } = await sql<{ name: string }>`
    SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = ${schema} AND c.relname = ANY(${snapshotIds.map(partitionName)}::text[]) AND c.relispartition`.execute(trx);
  let removed = 0;
  await sql`SET LOCAL lock_timeout = ${sql.lit(`${DROP_LOCK_WAIT_MS}ms`)}`.execute(trx);
  for (const { name } of rows) {
    const count = await sql<{ n: string }>`SELECT count(*) AS n FROM ${table(clientId, name)}`.execute(trx);
    removed += Number(count.rows[0]?.n ?? 0);
    await dropWhenFree(trx, table(clientId, name));
  }
  // The rest of the caller's transaction (retention deletes more) waits as long as it needs to.
  await sql`SET LOCAL lock_timeout = DEFAULT`.execute(trx);
  return removed;
}
