import {
  DIRECTORY_OBJECT_KINDS,
  type DirectoryObjectKind,
  type Snapshot,
  type SnapshotHead,
  type SnapshotPartLine,
  snapshotHeadOf,
  snapshotHeadSchema,
  snapshotLines,
  snapshotSchema,
} from '@burgwall/shared';
import { sql } from 'kysely';
import { clientDb } from '../db/client-db';
import { clientSchemaName } from '../db/client-schema';
import type { Db } from '../db/database';
import { insertElseUpsert } from '../db/insert-else-upsert';
import { ProblemError } from '../http/problem';
import { createSnapshotPartition, dropSnapshotPartitions, partitionedSnapshotIds } from './directory-partition';

/**
 * The directory per object (issue 15, migration client/0300): a snapshot row holds the head, its objects are rows of
 * `directory_object`. Objects are written in parts (an upload's parts, or one part for a snapshot sent whole) and
 * read back in their order page by page, so neither side ever holds the snapshot as one JSON text.
 */

/** Objects a change batch adds come after every part (see the migration). */
export const CHANGED_OBJECTS_PART = 2_147_483_647;

/** Rows per INSERT: a chunk travels as one jsonb parameter (jsonb_to_recordset), so no bind-parameter limit applies. */
const INSERT_CHUNK_ROWS = 2_000;
/** Rows per page when a snapshot is read back. */
const READ_PAGE_ROWS = 5_000;

const directoryObjectTable = (clientId: string) => sql.id(clientSchemaName(clientId), 'directory_object');

type AnyObject = SnapshotPartLine['object'];

/** What lists show as the object's name: its name (a GPO's display name), else its DN. */
export function listName(kind: DirectoryObjectKind, object: AnyObject): string {
  const name = kind === 'gpos' ? (object as { displayName: string }).displayName : (object as { name: string }).name;
  return name || object.distinguishedName;
}

/** The searchable columns of an object next to its snapshot form. */
export function directoryRow(line: SnapshotPartLine, seq: number) {
  const object = line.object as AnyObject & { sAMAccountName?: string; objectSid?: string; usnChanged?: number };
  return {
    object_guid: object.objectGuid,
    kind: line.kind,
    distinguished_name: object.distinguishedName,
    name: listName(line.kind, object),
    sam_account_name: object.sAMAccountName ?? null,
    object_sid: object.objectSid ?? null,
    usn_changed: object.usnChanged ?? 0,
    seq,
    data: object,
  };
}
type DirectoryRow = ReturnType<typeof directoryRow>;

/**
 * Inserts one chunk of rows of a snapshot's part; an object stored before (sent twice, in another part) is replaced.
 * `trx` is the part's transaction.
 */
async function insertChunk(trx: Db, clientId: string, snapshotId: string, partNo: number, rows: DirectoryRow[]): Promise<void> {
  if (rows.length === 0) return;
  // One object twice in a chunk would make ON CONFLICT touch a row twice: the later line wins.
  const unique = new Map(rows.map((row) => [row.object_guid, row]));
  const insert = sql`
    INSERT INTO ${directoryObjectTable(clientId)}
      (snapshot_fk, object_guid, kind, distinguished_name, name, sam_account_name, object_sid, usn_changed, part_no, seq, data)
    SELECT ${snapshotId}::bigint, r.object_guid, r.kind, r.distinguished_name, r.name, r.sam_account_name, r.object_sid,
      r.usn_changed, ${partNo}::integer, r.seq, r.data
    FROM jsonb_to_recordset(${JSON.stringify([...unique.values()])}::jsonb) AS r (object_guid uuid, kind text,
      distinguished_name text, name text, sam_account_name text, object_sid text, usn_changed bigint, seq bigint, data jsonb)`;
  // The objects of a part are new but for a collector that lists an object twice: only then the upsert.
  await insertElseUpsert(
    trx,
    () => insert.execute(trx),
    () =>
      sql`${insert}
        ON CONFLICT (snapshot_fk, object_guid) DO UPDATE SET kind = excluded.kind, distinguished_name = excluded.distinguished_name,
          name = excluded.name, sam_account_name = excluded.sam_account_name, object_sid = excluded.object_sid,
          usn_changed = excluded.usn_changed, part_no = excluded.part_no, seq = excluded.seq, data = excluded.data, updated_at = now()`.execute(trx),
  );
}

/** Runs `work` in a transaction, or in the caller's when `db` already is one. */
function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

export interface BegunSnapshot {
  snapshotId: string;
  state: 'receiving' | 'complete';
}

/**
 * Opens a snapshot upload (idempotent per batch id): a resent begin returns the same snapshot, `complete` when that
 * batch was committed already (the collector then has nothing more to send).
 */
export async function beginSnapshot(db: Db, clientId: string, batchId: string, head: SnapshotHead): Promise<BegunSnapshot & { created: boolean }> {
  return inTransaction(db, (trx) => beginSnapshotIn(trx, clientId, batchId, head));
}

/** beginSnapshot in the caller's transaction: the snapshot row and its partition exist together or not at all. */
async function beginSnapshotIn(trx: Db, clientId: string, batchId: string, head: SnapshotHead): Promise<BegunSnapshot & { created: boolean }> {
  const table = clientDb(trx, clientId);
  const inserted = await table
    .insertInto('snapshot')
    .values({
      batch_id: batchId,
      collected_at: head.collectedAt,
      collector_version: head.collectorVersion,
      highest_usn: head.highestUsn,
      data: JSON.stringify(head),
      state: 'receiving',
    })
    .onConflict((oc) => oc.column('batch_id').doNothing())
    .returning(['snapshot_id_pk', 'state'])
    .executeTakeFirst();
  if (inserted) {
    await createSnapshotPartition(trx, clientId, inserted.snapshot_id_pk);
    return { snapshotId: inserted.snapshot_id_pk, state: inserted.state, created: true };
  }
  const existing = await table.selectFrom('snapshot').select(['snapshot_id_pk', 'state']).where('batch_id', '=', batchId).executeTakeFirstOrThrow();
  return { snapshotId: existing.snapshot_id_pk, state: existing.state, created: false };
}

/** The open upload of a batch id, or a German 404/409 problem. */
export async function receivingSnapshot(db: Db, clientId: string, batchId: string): Promise<BegunSnapshot> {
  const row = await clientDb(db, clientId).selectFrom('snapshot').select(['snapshot_id_pk', 'state']).where('batch_id', '=', batchId).executeTakeFirst();
  if (!row) throw new ProblemError(404, `Zu diesem Batch (${batchId}) wurde keine Snapshot-Übertragung begonnen.`);
  return { snapshotId: row.snapshot_id_pk, state: row.state };
}

/**
 * Stores one part of an open upload: its rows replace whatever an earlier attempt of the same part stored (a part is
 * idempotent), all in one transaction. Lines are consumed as they come, `INSERT_CHUNK_ROWS` at a time, so memory stays
 * bounded by one chunk whatever the part's size. Returns the number of objects stored.
 */
export async function storeSnapshotPart(
  db: Db,
  clientId: string,
  snapshotId: string,
  partNo: number,
  lines: Iterable<SnapshotPartLine> | AsyncIterable<SnapshotPartLine>,
): Promise<number> {
  return inTransaction(db, async (trx) => {
    const table = clientDb(trx, clientId);
    // FOR SHARE: parts may not slip in while the upload is being committed (commit locks FOR UPDATE).
    const snapshot = await table.selectFrom('snapshot').select('state').where('snapshot_id_pk', '=', snapshotId).forShare().executeTakeFirst();
    if (!snapshot) throw new ProblemError(404, 'Diese Snapshot-Übertragung gibt es nicht (mehr).');
    if (snapshot.state !== 'receiving') throw new ProblemError(409, 'Diese Snapshot-Übertragung ist bereits abgeschlossen; weitere Teile werden nicht angenommen.');
    await table.deleteFrom('directory_object').where('snapshot_fk', '=', snapshotId).where('part_no', '=', partNo).execute();
    let count = 0;
    let chunk: DirectoryRow[] = [];
    for await (const line of lines) {
      chunk.push(directoryRow(line, count++));
      if (chunk.length >= INSERT_CHUNK_ROWS) {
        await insertChunk(trx, clientId, snapshotId, partNo, chunk);
        chunk = [];
      }
    }
    await insertChunk(trx, clientId, snapshotId, partNo, chunk);
    await table
      .insertInto('snapshot_part')
      .values({ snapshot_fk: snapshotId, part_no: partNo, object_count: count })
      .onConflict((oc) => oc.columns(['snapshot_fk', 'part_no']).doUpdateSet({ object_count: count, received_at: new Date() }))
      .execute();
    return count;
  });
}

/** Parts 1…partCount all arrived and no other: else a German 409 naming the missing (or surplus) parts. */
function assertPartsComplete(received: readonly number[], partCount: number): void {
  const have = new Set(received);
  const missing: number[] = [];
  for (let part = 1; part <= partCount; part++) if (!have.has(part)) missing.push(part);
  const surplus = received.filter((part) => part > partCount);
  const list = (parts: number[]) => `${parts.slice(0, 20).join(', ')}${parts.length > 20 ? ' …' : ''}`;
  if (missing.length > 0) {
    throw new ProblemError(409, `Der Snapshot ist unvollständig: es fehlen ${missing.length} von ${partCount} Teilen (Teil ${list(missing)}). Bitte die fehlenden Teile senden und erneut abschließen.`);
  }
  if (surplus.length > 0) {
    throw new ProblemError(409, `Es sind mehr Teile angekommen als angegeben (${partCount}): Teil ${list(surplus)}. Bitte mit der richtigen Anzahl abschließen.`);
  }
}

/**
 * Commits an upload when all its parts are there (call it in the transaction that also records and queues its
 * evaluation). Returns `created: false` when the batch was committed before (a resent commit).
 */
export async function commitSnapshot(db: Db, clientId: string, snapshotId: string, partCount: number): Promise<{ created: boolean; counts: Record<string, number> }> {
  return inTransaction(db, async (trx) => {
    const table = clientDb(trx, clientId);
    const snapshot = await table.selectFrom('snapshot').select(['state', 'object_counts']).where('snapshot_id_pk', '=', snapshotId).forUpdate().executeTakeFirstOrThrow();
    if (snapshot.state === 'complete') return { created: false, counts: snapshot.object_counts ?? {} };
    const parts = await table.selectFrom('snapshot_part').select(['part_no', 'object_count']).where('snapshot_fk', '=', snapshotId).execute();
    assertPartsComplete(
      parts.map((part) => part.part_no),
      partCount,
    );
    const rows = await table
      .selectFrom('directory_object')
      .select(['kind', sql<string>`count(*)`.as('count')])
      .where('snapshot_fk', '=', snapshotId)
      .groupBy('kind')
      .execute();
    const counts = Object.fromEntries(DIRECTORY_OBJECT_KINDS.map((kind) => [kind, Number(rows.find((row) => row.kind === kind)?.count ?? 0)]));
    await table
      .updateTable('snapshot')
      .set({ state: 'complete', object_counts: JSON.stringify(counts), committed_at: new Date() })
      .where('snapshot_id_pk', '=', snapshotId)
      .execute();
    return { created: true, counts };
  });
}

/**
 * Stores a snapshot sent whole (the single-request upload of older collectors, the demo seed, tests) as an upload of
 * one part, once per batch id: a resent batch is not stored twice (returns the existing id, `created: false`).
 */
export async function saveSnapshot(db: Db, clientId: string, batchId: string, snapshot: Snapshot): Promise<{ snapshotId: string; created: boolean }> {
  return inTransaction(db, async (trx) => {
    const begun = await beginSnapshot(trx, clientId, batchId, snapshotHeadOf(snapshot));
    if (begun.state === 'complete') return { snapshotId: begun.snapshotId, created: false };
    await storeSnapshotPart(trx, clientId, begun.snapshotId, 1, snapshotLines(snapshot));
    const { created } = await commitSnapshot(trx, clientId, begun.snapshotId, 1);
    return { snapshotId: begun.snapshotId, created };
  });
}

/** The newest complete snapshot (an upload still receiving parts is none), for a select of its columns. */
export const newestComplete = (db: Db, clientId: string) =>
  clientDb(db, clientId).selectFrom('snapshot').where('state', '=', 'complete').orderBy('collected_at', 'desc').orderBy('snapshot_id_pk', 'desc').limit(1);

/** Only the id of the newest snapshot (change batches change its objects in place: a cache keys on currentDirectoryVersion). */
export async function latestSnapshotId(db: Db, clientId: string): Promise<string | null> {
  const row = await newestComplete(db, clientId).select('snapshot_id_pk').executeTakeFirst();
  return row?.snapshot_id_pk ?? null;
}

/** The head of the newest snapshot (small: no object lists), or null before the first collection. */
export async function latestSnapshotHead(db: Db, clientId: string): Promise<{ snapshotId: string; head: SnapshotHead; counts: Record<string, number> } | null> {
  const row = await newestComplete(db, clientId)
    .select(['snapshot_id_pk', 'object_counts', sql<unknown>`data - ${sql.lit('users')} - ${sql.lit('computers')} - ${sql.lit('groups')} - ${sql.lit('organizationalUnits')} - ${sql.lit('gpos')} - ${sql.lit('trusts')} - ${sql.lit('passwordSettings')}`.as('head')])
    .executeTakeFirst();
  if (!row) return null;
  return { snapshotId: row.snapshot_id_pk, head: snapshotHeadSchema.parse(row.head), counts: row.object_counts ?? {} };
}

/**
 * A snapshot's objects in their order, page by page (keyset over part and line), optionally of some kinds only. The
 * objects are their stored snapshot form, validated when they were uploaded.
 */
export async function* directoryObjects(db: Db, clientId: string, snapshotId: string, kinds?: readonly DirectoryObjectKind[]): AsyncGenerator<SnapshotPartLine> {
  let after: { part: number; seq: string } | null = null;
  for (;;) {
    let query = clientDb(db, clientId)
      .selectFrom('directory_object')
      .select(['kind', 'part_no', 'seq', 'data'])
      .where('snapshot_fk', '=', snapshotId)
      .orderBy('part_no')
      .orderBy('seq')
      .limit(READ_PAGE_ROWS);
    if (kinds) query = query.where('kind', 'in', kinds);
    if (after) query = query.where(sql<boolean>`(part_no, seq) > (${after.part}, ${after.seq}::bigint)`);
    const rows = await query.execute();
    for (const row of rows) yield { kind: row.kind, object: row.data } as SnapshotPartLine;
    const last = rows.at(-1);
    if (!last || rows.length < READ_PAGE_ROWS) return;
    after = { part: last.part_no, seq: last.seq };
  }
}

/**
 * Reads a stored snapshot back as the checks take it. Member and memberOf lists repeat DNs millions of times in a
 * large domain; they are made to share one string per DN, which is most of the memory a parsed snapshot used to take.
 */
export async function loadSnapshot(db: Db, clientId: string, snapshotId: string): Promise<Snapshot | null> {
  const row = await clientDb(db, clientId).selectFrom('snapshot').select(['data', 'object_counts', 'state']).where('snapshot_id_pk', '=', snapshotId).executeTakeFirst();
  if (!row || row.state !== 'complete') return null;
  // A snapshot stored before migration 0300 that was not the newest still holds its lists.
  if (row.object_counts === null) return snapshotSchema.parse(row.data);
  const head = snapshotHeadSchema.parse(row.data);
  const lists: Pick<Snapshot, DirectoryObjectKind> = { users: [], computers: [], groups: [], organizationalUnits: [], gpos: [], trusts: [], passwordSettings: [] };
  const dns = new Map<string, string>();
  const intern = (dn: string): string => {
    const known = dns.get(dn);
    if (known !== undefined) return known;
    dns.set(dn, dn);
    return dn;
  };
  const internAll = (list: string[]) => {
    for (let i = 0; i < list.length; i++) list[i] = intern(list[i] as string);
  };
  for await (const line of directoryObjects(db, clientId, snapshotId)) {
    const object = line.object as { distinguishedName: string; memberOf?: string[]; members?: string[] };
    object.distinguishedName = intern(object.distinguishedName);
    if (object.memberOf) internAll(object.memberOf);
    if (object.members) internAll(object.members);
    (lists[line.kind] as unknown[]).push(object);
  }
  return { ...head, ...lists };
}

export interface StoredSnapshot {
  snapshotId: string;
  snapshot: Snapshot;
}

/** The newest snapshot of a client with all its objects, or null before the first collection. */
export async function latestSnapshot(db: Db, clientId: string): Promise<StoredSnapshot | null> {
  const snapshotId = await latestSnapshotId(db, clientId);
  if (!snapshotId) return null;
  const snapshot = await loadSnapshot(db, clientId, snapshotId);
  return snapshot ? { snapshotId, snapshot } : null;
}

/** One stored snapshot by id. */
export function snapshotById(db: Db, clientId: string, snapshotId: string): Promise<Snapshot | null> {
  return loadSnapshot(db, clientId, snapshotId);
}

/**
 * What holds object rows of snapshots other than the newest complete one and open uploads (superseded: a job removes
 * them): their partitions, and rows stored before client migration 0360 in its legacy partition.
 */
export async function supersededObjects(db: Db, clientId: string): Promise<{ current: string; partitioned: string[]; legacyIds: string[] } | null> {
  const current = await latestSnapshotId(db, clientId);
  if (!current) return null;
  const complete = await clientDb(db, clientId).selectFrom('snapshot').select('snapshot_id_pk').where('state', '=', 'complete').where('snapshot_id_pk', '!=', current).execute();
  const superseded = new Set(complete.map((row) => row.snapshot_id_pk));
  const partitioned = (await partitionedSnapshotIds(db, clientId)).filter((id) => superseded.has(id));
  const legacy = await sql<{ snapshot_fk: string }>`
    SELECT DISTINCT snapshot_fk FROM ${directoryObjectTable(clientId)}
    WHERE snapshot_fk = ANY(${[...superseded].filter((id) => !partitioned.includes(id))}::bigint[])`.execute(db);
  return { current, partitioned, legacyIds: legacy.rows.map((row) => String(row.snapshot_fk)) };
}

/** Removes the superseded object rows (see supersededObjects); `trx` is a transaction. Returns the number of rows removed. */
export async function pruneSupersededObjects(trx: Db, clientId: string): Promise<number> {
  const superseded = await supersededObjects(trx, clientId);
  if (!superseded) return 0;
  const dropped = await dropSnapshotPartitions(trx, clientId, superseded.partitioned);
  if (superseded.legacyIds.length === 0) return dropped;
  const result = await clientDb(trx, clientId).deleteFrom('directory_object').where('snapshot_fk', 'in', superseded.legacyIds).executeTakeFirst();
  return dropped + Number(result.numDeletedRows);
}
