import { type CheckSnapshot, FIELDS_NOT_READ_BY_CHECKS } from '@burgwall/checks';
import { DIRECTORY_OBJECT_KINDS, type DirectoryObjectKind, type SnapshotPartLine, snapshotHeadSchema, snapshotSchema } from '@burgwall/shared';
import { sql } from 'kysely';
import { clientDb } from '../db/client-db';
import type { Db } from '../db/database';
import { latestSnapshotId } from './snapshot-store';

/**
 * A domain loaded for an evaluation (issue 15). Compared with `loadSnapshot` it
 * - leaves out the fields no check reads (`FIELDS_NOT_READ_BY_CHECKS`, dropped in PostgreSQL: less to send and parse),
 * - makes repeated strings one string (DNs of members, ACE trustees and rights GUIDs, descriptions, OS names), equal
 *   security descriptors one (frozen) descriptor and empty lists one (frozen) list: in a large domain they repeat
 *   hundreds of thousands of times,
 * - reads two halves of the rows at once on two connections (PostgreSQL's jsonb output is most of the time),
 * so a million-object domain fits the evaluation worker's memory and loads in about half the time.
 */

/**
 * The pages are read in the order index's order, whatever the statistics say. Right after a large upload the table has
 * none yet (its `VACUUM (ANALYZE)` runs beside this evaluation), and PostgreSQL then planned each page as a bitmap scan
 * of the whole rest of the half, every row's jsonb computed and sorted on disk to keep 5,000 of them: at a million
 * objects about 17 s of two backends instead of ~11 (bench/README.md, "Two parts at once, the loader's pages in index order").
 */
const INDEX_ORDER_ONLY = sql`SET LOCAL enable_sort = off; SET LOCAL enable_bitmapscan = off; SET LOCAL enable_seqscan = off`;

const READ_PAGE_ROWS = 5_000;

type Key = { part: number; seq: string };
type Lists = Record<DirectoryObjectKind, unknown[]>;
const emptyLists = (): Lists => Object.fromEntries(DIRECTORY_OBJECT_KINDS.map((kind) => [kind, []])) as unknown as Lists;

/**
 * Rows from `from` (inclusive) to `before` (exclusive) in list order, page by page, without the unread fields of users,
 * computers and groups (only theirs: a GPO's displayName is its name in findings). `db` is a transaction of its own.
 */
async function* rowsBetween(db: Db, clientId: string, snapshotId: string, from: Key | null, before: Key | null): AsyncGenerator<SnapshotPartLine[]> {
  let after: Key | null = null;
  await INDEX_ORDER_ONLY.execute(db);
  for (;;) {
    let query = clientDb(db, clientId)
      .selectFrom('directory_object')
      .select(['kind', 'part_no', 'seq', sql<unknown>`CASE WHEN kind IN ('users', 'computers', 'groups') THEN data - ${[...FIELDS_NOT_READ_BY_CHECKS]}::text[] ELSE data END`.as('data')])
      .where('snapshot_fk', '=', snapshotId)
      .orderBy('part_no')
      .orderBy('seq')
      .limit(READ_PAGE_ROWS);
    if (after) query = query.where(sql<boolean>`(part_no, seq) > (${after.part}, ${after.seq}::bigint)`);
    else if (from) query = query.where(sql<boolean>`(part_no, seq) >= (${from.part}, ${from.seq}::bigint)`);
    if (before) query = query.where(sql<boolean>`(part_no, seq) < (${before.part}, ${before.seq}::bigint)`);
    const rows = await query.execute();
    yield rows.map((row) => ({ kind: row.kind, object: row.data }) as SnapshotPartLine);
    const last = rows.at(-1);
    if (!last || rows.length < READ_PAGE_ROWS) return;
    after = { part: last.part_no, seq: last.seq };
  }
}

/** The (part, seq) at about half of the snapshot's objects, from the part counts (any key is correct, this one balances). */
async function middleKey(db: Db, clientId: string, snapshotId: string): Promise<Key | null> {
  const parts = await clientDb(db, clientId).selectFrom('snapshot_part').select(['part_no', 'object_count']).where('snapshot_fk', '=', snapshotId).orderBy('part_no').execute();
  const total = parts.reduce((sum, part) => sum + part.object_count, 0);
  let before = 0;
  for (const part of parts) {
    if (before + part.object_count >= total / 2) return { part: part.part_no, seq: String(Math.floor(total / 2 - before)) };
    before += part.object_count;
  }
  return null;
}

type SecurityDescriptor = { owner: string | null; aces: Array<{ type: string; trustee: string; objectType: string | null; inheritedObjectType: string | null }> };

/** The one empty list every empty list field points to; frozen, so a check that changed it would fail, not spread. */
const NO_ITEMS: readonly never[] = Object.freeze([]);

/**
 * One value per distinct value of the repeated fields: strings, and whole security descriptors, which repeat far more
 * than their parts — objects of one OU inherit the same ACL (AD itself stores each distinct descriptor once). Shared
 * descriptors are frozen, so no check can change one object's ACL through another's.
 */
class Interner {
  readonly #strings = new Map<string, string>();
  readonly #descriptors = new Map<string, SecurityDescriptor>();
  one = (value: string): string => {
    const known = this.#strings.get(value);
    if (known !== undefined) return known;
    this.#strings.set(value, value);
    return value;
  };
  some = (values: string[] | undefined): void => {
    if (!values) return;
    for (let i = 0; i < values.length; i++) values[i] = this.one(values[i] as string);
  };
  maybe = (value: string | null | undefined): string | null | undefined => (typeof value === 'string' ? this.one(value) : value);
  descriptor = (descriptor: SecurityDescriptor): SecurityDescriptor => {
    const key = JSON.stringify(descriptor);
    const known = this.#descriptors.get(key);
    if (known) return known;
    descriptor.owner = this.maybe(descriptor.owner) ?? null;
    for (const ace of descriptor.aces) {
      ace.type = this.one(ace.type);
      ace.trustee = this.one(ace.trustee);
      ace.objectType = this.maybe(ace.objectType) ?? null;
      ace.inheritedObjectType = this.maybe(ace.inheritedObjectType) ?? null;
      Object.freeze(ace);
    }
    Object.freeze(descriptor.aces);
    this.#descriptors.set(key, Object.freeze(descriptor));
    return descriptor;
  };
}

interface LoadedObject {
  distinguishedName: string;
  description?: string | null;
  members?: string[];
  operatingSystem?: string | null;
  operatingSystemVersion?: string | null;
  securityDescriptor?: SecurityDescriptor | null;
}

function internObject(intern: Interner, object: LoadedObject): void {
  object.distinguishedName = intern.one(object.distinguishedName);
  intern.some(object.members);
  if (object.description) object.description = intern.one(object.description);
  if (object.operatingSystem) object.operatingSystem = intern.one(object.operatingSystem);
  if (object.operatingSystemVersion) object.operatingSystemVersion = intern.one(object.operatingSystemVersion);
  if (object.securityDescriptor) object.securityDescriptor = intern.descriptor(object.securityDescriptor);
  // Most list fields are empty (SPNs, SID history, delegations): one shared list instead of ~4 per object.
  const fields = object as unknown as Record<string, unknown>;
  for (const key in fields) {
    const value = fields[key];
    if (Array.isArray(value) && value.length === 0) fields[key] = NO_ITEMS;
  }
}

/** A stored snapshot as the checks read it, or null when it is not complete. */
export async function loadCheckSnapshot(db: Db, clientId: string, snapshotId: string): Promise<CheckSnapshot | null> {
  const row = await clientDb(db, clientId).selectFrom('snapshot').select(['data', 'object_counts', 'state']).where('snapshot_id_pk', '=', snapshotId).executeTakeFirst();
  if (!row || row.state !== 'complete') return null;
  // A snapshot stored before migration 0300 that was not the newest still holds its lists.
  if (row.object_counts === null) return snapshotSchema.parse(row.data);
  const head = snapshotHeadSchema.parse(row.data);
  const intern = new Interner();
  const middle = await middleKey(db, clientId, snapshotId);
  const halves = middle ? [[null, middle] as const, [middle, null] as const] : [[null, null] as const];
  const lists = await Promise.all(
    halves.map(async ([from, before]) => {
      const own = emptyLists();
      // One transaction per half: its SET LOCAL planner settings end with it.
      await db.transaction().execute(async (trx) => {
        for await (const page of rowsBetween(trx, clientId, snapshotId, from, before)) {
          for (const line of page) {
            internObject(intern, line.object as LoadedObject);
            own[line.kind].push(line.object);
          }
        }
      });
      return own;
    }),
  );
  const [first, second] = lists as [Lists, Lists | undefined];
  if (second) for (const kind of DIRECTORY_OBJECT_KINDS) for (const object of second[kind]) first[kind].push(object);
  return { ...head, ...(first as unknown as Pick<CheckSnapshot, DirectoryObjectKind>) };
}

/** The newest complete snapshot of a client as the checks read it, or null before the first collection. */
export async function latestCheckSnapshot(db: Db, clientId: string): Promise<{ snapshotId: string; snapshot: CheckSnapshot } | null> {
  const snapshotId = await latestSnapshotId(db, clientId);
  if (!snapshotId) return null;
  const snapshot = await loadCheckSnapshot(db, clientId, snapshotId);
  return snapshot ? { snapshotId, snapshot } : null;
}
