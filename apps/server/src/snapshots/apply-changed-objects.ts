import { type AttributeChange, type ChangedObjects, type SnapshotPartLine, changedObjectsSchema } from '@burgwall/shared';
import { sql, type Transaction } from 'kysely';
import { clientDb } from '../db/client-db';
import { clientSchemaName } from '../db/client-schema';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';
import { LinkEdits, applyLinkEdits } from './directory-links';
import { CHANGED_OBJECTS_PART, directoryRow, newestComplete } from './snapshot-store';

/**
 * Brings the stored directory up to date between full collections (issue 15, replacing issue 14's patches laid over
 * the snapshot at every evaluation): a change batch's changed objects (mapped by the collector exactly as for a
 * snapshot) and deletions are written into the current snapshot's `directory_object` rows, in the transaction that
 * stores the changes. So whatever reads the directory (checks, explorer, detectors) reads the current state; the next
 * full collection replaces it as a whole.
 */

type ChangedKind = Exclude<keyof ChangedObjects, 'domain'>;
const CHANGED_KINDS = Object.keys(changedObjectsSchema.shape).filter((key) => key !== 'domain') as ChangedKind[];

/** Rows per statement: each chunk travels as one array or jsonb parameter, so no bind-parameter limit applies. */
const CHUNK_ROWS = 2_000;

/** The newest known state of one object: its snapshot form, or null when it was deleted. */
interface ObjectState {
  guid: string;
  usn: number;
  line: SnapshotPartLine | null;
}

/** What the current snapshot holds of an object a batch names (only what applying the batch needs). */
interface StoredObject {
  kind: string;
  usn: number;
  dn: string;
  members: string[];
  memberOf: string[];
}

const isDeletion = (change: AttributeChange) => change.propertyName === 'isDeleted' && change.newValue?.toUpperCase() === 'TRUE';

/** The newest state per object of one batch, by USN (a deletion after a change wins by its higher USN). */
function newestStates(objects: ChangedObjects | undefined, changes: readonly AttributeChange[]): Map<string, ObjectState> {
  const states = new Map<string, ObjectState>();
  const put = (state: ObjectState) => {
    const existing = states.get(state.guid);
    if (!existing || existing.usn <= state.usn) states.set(state.guid, state);
  };
  for (const kind of CHANGED_KINDS) {
    for (const object of objects?.[kind] ?? []) put({ guid: object.objectGuid, usn: object.usnChanged, line: { kind, object } as SnapshotPartLine });
  }
  for (const change of changes) if (isDeletion(change)) put({ guid: change.objectGuid, usn: change.usn, line: null });
  return states;
}

const chunksOf = <T>(items: readonly T[]): T[][] => Array.from({ length: Math.ceil(items.length / CHUNK_ROWS) }, (_, index) => items.slice(index * CHUNK_ROWS, (index + 1) * CHUNK_ROWS));

/** The current (newest complete) snapshot, locked so that one client's change batches are applied one at a time. */
async function lockCurrentSnapshot(trx: Transaction<Database>, clientId: string) {
  return newestComplete(trx, clientId)
    .select(['snapshot_id_pk', 'object_counts'])
    // Not FOR UPDATE: that would also block the key-share locks of inserting object rows of this snapshot.
    .forNoKeyUpdate()
    .executeTakeFirst();
}

async function storedObjects(trx: Transaction<Database>, clientId: string, snapshotId: string, guids: readonly string[]): Promise<Map<string, StoredObject>> {
  const stored = new Map<string, StoredObject>();
  for (const chunk of chunksOf(guids)) {
    const rows = await clientDb(trx, clientId)
      .selectFrom('directory_object')
      .select(['object_guid', 'kind', 'usn_changed', 'distinguished_name', sql<string[] | null>`data->'members'`.as('members'), sql<string[] | null>`data->'memberOf'`.as('member_of')])
      .where('snapshot_fk', '=', snapshotId)
      .where('object_guid', '=', sql<string>`ANY(${chunk}::uuid[])`)
      .execute();
    for (const row of rows) {
      stored.set(row.object_guid, { kind: row.kind, usn: Number(row.usn_changed), dn: row.distinguished_name, members: row.members ?? [], memberOf: row.member_of ?? [] });
    }
  }
  return stored;
}

interface Plan {
  deletions: { guid: string; kind: string }[];
  writes: { state: ObjectState & { line: SnapshotPartLine }; stored: StoredObject | undefined }[];
  links: LinkEdits;
}

const lowerSet = (dns: readonly string[]) => new Set(dns.map((dn) => dn.toLowerCase()));

/** A deleted object leaves the members of its groups and, when it is a group, the memberOf of its members. */
function unlinkDeleted(links: LinkEdits, stored: StoredObject): void {
  for (const group of stored.memberOf) links.member(group, stored.dn, false);
  for (const member of stored.members) links.memberOf(member, stored.dn, false);
}

/**
 * The other ends of a written object's links: memberOf follows a group's member list (members it gained get the
 * group, members it lost lose it), and a renamed object's new DN replaces the old one in the lists that held it.
 */
function linkWritten(links: LinkEdits, object: { distinguishedName: string; members?: string[]; memberOf?: string[] }, stored: StoredObject | undefined): void {
  const dn = object.distinguishedName;
  const oldDn = stored?.dn ?? dn;
  const renamed = oldDn.toLowerCase() !== dn.toLowerCase();
  if (object.members) {
    // Compared by the DNs the members have once the batch is written (a member renamed with it is no change).
    const before = new Set((stored?.members ?? []).map((member) => links.current(member)));
    const after = new Set(object.members.map((member) => links.current(member)));
    for (const member of stored?.members ?? []) if (!after.has(links.current(member)) || renamed) links.memberOf(member, oldDn, false);
    for (const member of object.members) if (!before.has(links.current(member)) || renamed) links.memberOf(member, dn, true);
  }
  if (renamed && object.memberOf) {
    const now = new Set(object.memberOf.map((group) => links.current(group)));
    for (const group of stored?.memberOf ?? []) {
      links.member(group, oldDn, false);
      if (now.has(links.current(group))) links.member(group, dn, true);
    }
  }
}

/** Which states apply (a stale one, older than the stored row by USN, never does) and what follows from them. */
function planOf(states: Map<string, ObjectState>, stored: Map<string, StoredObject>): Plan {
  const deletions: Plan['deletions'] = [];
  const writes: Plan['writes'] = [];
  const deletedRows: StoredObject[] = [];
  const renamed = new Map<string, string>();
  for (const state of states.values()) {
    const row = stored.get(state.guid);
    if (row && row.usn > state.usn) continue;
    if (state.line) {
      writes.push({ state: state as ObjectState & { line: SnapshotPartLine }, stored: row });
      const dn = state.line.object.distinguishedName;
      if (row && row.dn.toLowerCase() !== dn.toLowerCase()) renamed.set(row.dn.toLowerCase(), dn);
    } else if (row) {
      deletions.push({ guid: state.guid, kind: row.kind });
      deletedRows.push(row);
    }
  }
  const plan: Plan = { deletions, writes, links: new LinkEdits(renamed) };
  // A DN a written object holds now (an object deleted and created again under its name) stays in the lists.
  const heldDns = lowerSet(plan.writes.map(({ state }) => state.line.object.distinguishedName));
  const deletedDns = new Set<string>();
  for (const row of deletedRows) {
    if (heldDns.has(row.dn.toLowerCase())) continue;
    deletedDns.add(row.dn.toLowerCase());
    unlinkDeleted(plan.links, row);
  }
  for (const { state, stored: row } of plan.writes) {
    const object = state.line.object as { distinguishedName: string; members?: string[]; memberOf?: string[] };
    // A deleted object leaves every list, also those of objects written with it.
    if (deletedDns.size > 0) {
      if (object.members) object.members = object.members.filter((dn) => !deletedDns.has(dn.toLowerCase()));
      if (object.memberOf) object.memberOf = object.memberOf.filter((dn) => !deletedDns.has(dn.toLowerCase()));
    }
    linkWritten(plan.links, object, row);
  }
  return plan;
}

async function deleteObjects(trx: Transaction<Database>, clientId: string, snapshotId: string, guids: readonly string[]): Promise<number> {
  let deleted = 0;
  for (const chunk of chunksOf(guids)) {
    const result = await clientDb(trx, clientId)
      .deleteFrom('directory_object')
      .where('snapshot_fk', '=', snapshotId)
      .where('object_guid', '=', sql<string>`ANY(${chunk}::uuid[])`)
      .executeTakeFirst();
    deleted += Number(result.numDeletedRows);
  }
  return deleted;
}

/**
 * Writes changed objects over their rows (keeping part and line, so the list order stays) and adds new ones after
 * every part (seq = their USN). The USN guard repeats the plan's, and an unchanged object is not written at all (a
 * resent batch changes nothing). Returns the guids written and which of them were new.
 */
async function writeObjects(trx: Transaction<Database>, clientId: string, snapshotId: string, lines: readonly SnapshotPartLine[]): Promise<{ guid: string; inserted: boolean }[]> {
  const written: { guid: string; inserted: boolean }[] = [];
  for (const chunk of chunksOf(lines)) {
    const rows = chunk.map((line) => directoryRow(line, (line.object as { usnChanged?: number }).usnChanged ?? 0));
    // Which of them exist already (a partitioned table returns no xmax to tell an insert from an update; batches of a
    // client are applied one after the other, so nothing adds them in between).
    const existing = await sql<{ object_guid: string }>`
      SELECT object_guid FROM ${sql.id(clientSchemaName(clientId), 'directory_object')}
      WHERE snapshot_fk = ${snapshotId}::bigint AND object_guid = ANY(${rows.map((row) => row.object_guid)}::uuid[])`.execute(trx);
    const stored = new Set(existing.rows.map((row) => row.object_guid));
    const result = await sql<{ object_guid: string }>`
      INSERT INTO ${sql.id(clientSchemaName(clientId), 'directory_object')} AS d
        (snapshot_fk, object_guid, kind, distinguished_name, name, sam_account_name, object_sid, usn_changed, part_no, seq, data)
      SELECT ${snapshotId}::bigint, r.object_guid, r.kind, r.distinguished_name, r.name, r.sam_account_name, r.object_sid,
        r.usn_changed, ${CHANGED_OBJECTS_PART}::integer, r.seq, r.data
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r (object_guid uuid, kind text, distinguished_name text,
        name text, sam_account_name text, object_sid text, usn_changed bigint, seq bigint, data jsonb)
      ON CONFLICT (snapshot_fk, object_guid) DO UPDATE SET kind = excluded.kind, distinguished_name = excluded.distinguished_name,
        name = excluded.name, sam_account_name = excluded.sam_account_name, object_sid = excluded.object_sid,
        usn_changed = excluded.usn_changed, data = excluded.data, updated_at = now()
      WHERE d.usn_changed <= excluded.usn_changed AND d.data IS DISTINCT FROM excluded.data
      RETURNING d.object_guid
    `.execute(trx);
    for (const row of result.rows) written.push({ guid: row.object_guid, inserted: !stored.has(row.object_guid) });
  }
  return written;
}

/**
 * Lays a changed domain head over the stored one: its own fields replace the stored ones, what only a full read
 * knows (NetBIOS name, dSHeuristics, features, LAPS schema) stays. A head older (by the USN of its changes) than
 * one laid over before is ignored; a head without changes of its own in the batch has no USN and always applies.
 */
async function mergeDomainHead(trx: Transaction<Database>, clientId: string, snapshotId: string, head: NonNullable<ChangedObjects['domain']>, usn: number | null): Promise<boolean> {
  // greatest() ignores NULL: a head without a USN leaves the recorded one as it is.
  const result = await sql<{ changed: boolean }>`
    UPDATE ${sql.id(clientSchemaName(clientId), 'snapshot')} AS s
    SET data = jsonb_set(s.data, '{domain}', m.merged), domain_usn = greatest(s.domain_usn, ${usn}::bigint)
    FROM (SELECT data->'domain' AS stored, (data->'domain') || ${JSON.stringify(head)}::jsonb AS merged
          FROM ${sql.id(clientSchemaName(clientId), 'snapshot')} WHERE snapshot_id_pk = ${snapshotId}::bigint) AS m
    WHERE s.snapshot_id_pk = ${snapshotId}::bigint
      AND (${usn}::bigint IS NULL OR s.domain_usn IS NULL OR s.domain_usn <= ${usn}::bigint)
      AND (m.merged IS DISTINCT FROM m.stored OR s.domain_usn IS DISTINCT FROM greatest(s.domain_usn, ${usn}::bigint))
    RETURNING m.merged IS DISTINCT FROM m.stored AS changed
  `.execute(trx);
  return result.rows[0]?.changed ?? false;
}

/** The domain head's USN: the highest of the batch's changes of it (its snapshot form has none), null without any. */
function headUsnOf(domainGuid: string, changes: readonly AttributeChange[]): number | null {
  let usn: number | null = null;
  for (const change of changes) if (change.objectGuid === domainGuid && (usn === null || change.usn > usn)) usn = change.usn;
  return usn;
}

/** Object counts per list after the batch: new objects counted in, deleted ones out. */
function countsAfter(counts: Record<string, number> | null, plan: Plan, written: { guid: string; inserted: boolean }[], deleted: number): Record<string, number> | null {
  if (!counts) return null;
  const next = { ...counts };
  if (deleted > 0) for (const { kind } of plan.deletions) next[kind] = (next[kind] ?? 0) - 1;
  const kindOf = new Map(plan.writes.map(({ state, stored }) => [state.guid, { kind: state.line.kind, was: stored?.kind }]));
  for (const { guid, inserted } of written) {
    const entry = kindOf.get(guid);
    if (!entry) continue;
    if (inserted) next[entry.kind] = (next[entry.kind] ?? 0) + 1;
    else if (entry.was && entry.was !== entry.kind) {
      next[entry.was] = (next[entry.was] ?? 0) - 1;
      next[entry.kind] = (next[entry.kind] ?? 0) + 1;
    }
  }
  return next;
}

export interface AppliedChanges {
  /** Objects written (changed or new) and removed. */
  written: number;
  deleted: number;
  /** Objects whose member or memberOf list followed. */
  relinked: number;
  domainHead: boolean;
}

/** Whether applying a batch changed the stored directory (then the checks need evaluating again). */
export const changedDirectory = (applied: AppliedChanges) => applied.written + applied.deleted > 0 || applied.domainHead;

/**
 * Applies a change batch's changed objects and deletions to the client's current snapshot (call it in the transaction
 * that stores the changes; nothing happens before the first snapshot). Any number of objects: everything is written
 * in chunks.
 */
export async function applyChangedObjects(
  trx: Transaction<Database>,
  clientId: string,
  objects: ChangedObjects | undefined,
  changes: readonly AttributeChange[],
): Promise<AppliedChanges> {
  const none: AppliedChanges = { written: 0, deleted: 0, relinked: 0, domainHead: false };
  const states = newestStates(objects, changes);
  const head = objects?.domain;
  if (states.size === 0 && !head) return none;
  const snapshot = await lockCurrentSnapshot(trx, clientId);
  if (!snapshot) return none;
  const snapshotId = snapshot.snapshot_id_pk;

  const plan = planOf(states, await storedObjects(trx, clientId, snapshotId, [...states.keys()]));
  const deleted = await deleteObjects(
    trx,
    clientId,
    snapshotId,
    plan.deletions.map((deletion) => deletion.guid),
  );
  const written = await writeObjects(
    trx,
    clientId,
    snapshotId,
    plan.writes.map((write) => write.state.line),
  );
  const relinked = await applyLinkEdits(trx, clientId, snapshotId, plan.links);
  const domainHead = head ? await mergeDomainHead(trx, clientId, snapshotId, head, headUsnOf(head.objectGuid, changes)) : false;

  const applied = { written: written.length, deleted, relinked, domainHead };
  if (changedDirectory(applied)) {
    const counts = countsAfter(snapshot.object_counts, plan, written, deleted);
    await clientDb(trx, clientId)
      .updateTable('snapshot')
      // The clock, not the transaction's start: batches waiting for one another's lock still get distinct times.
      .set({ changes_applied_at: sql<Date>`clock_timestamp()`, ...(counts ? { object_counts: JSON.stringify(counts) } : {}) })
      .where('snapshot_id_pk', '=', snapshotId)
      .execute();
  }
  return applied;
}

/**
 * Which directory is current: the newest complete snapshot and when change batches last changed it. A cache of
 * something computed from the directory keys on this (the snapshot id alone stays the same while changes apply).
 */
export async function currentDirectoryVersion(db: Db, clientId: string): Promise<{ snapshotId: string; version: string } | null> {
  // As text: a JavaScript Date would drop the microseconds.
  const row = await newestComplete(db, clientId).select(['snapshot_id_pk', sql<string>`coalesce(changes_applied_at::text, '-')`.as('applied')]).executeTakeFirst();
  return row ? { snapshotId: row.snapshot_id_pk, version: `${row.snapshot_id_pk}:${row.applied}` } : null;
}
