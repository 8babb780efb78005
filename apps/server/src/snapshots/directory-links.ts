import { sql, type Transaction } from 'kysely';
import { clientSchemaName } from '../db/client-schema';
import type { Database } from '../db/schema';

/**
 * Upkeep of the two lists that link directory objects by DN: a group's `members` and a principal's `memberOf`. AD
 * reports a membership as a change of the group only (memberOf is a back link), and a deleted or renamed object
 * changes no other object's USN, so when a change batch is applied the lists of the objects on the other end are
 * edited here. Edits are collected per target DN and written set-based, the targets found through the
 * lower(distinguished_name) index, never by scanning the snapshot.
 */

type LinkList = 'members' | 'memberOf';

/** What to do with one list of one object: drop these DNs (lower case), then append those (in this order). */
interface ListEdit {
  drop: Set<string>;
  add: Map<string, string>;
}

/** Targets per UPDATE: a chunk travels as one jsonb parameter, so no bind-parameter limit applies. */
const UPDATE_CHUNK_TARGETS = 2_000;

export class LinkEdits {
  /** lower(DN) of the object whose list is edited → its lists' edits. */
  readonly #targets = new Map<string, Partial<Record<LinkList, ListEdit>>>();

  /**
   * `renamed`: lower(old DN) → new DN of the objects renamed by the same batch. The edits are written after the batch's
   * objects, so an edit of a renamed object must find it under its new DN.
   */
  constructor(private readonly renamed: ReadonlyMap<string, string> = new Map()) {}

  /** The DN an object named by `dn` (before the batch) has once the batch is written, in lower case. */
  current(dn: string): string {
    const key = dn.toLowerCase();
    return this.renamed.get(key)?.toLowerCase() ?? key;
  }

  #edit(targetDn: string, list: LinkList, dn: string, add: boolean): void {
    const key = this.current(targetDn);
    const lists = this.#targets.get(key) ?? {};
    this.#targets.set(key, lists);
    const edit = (lists[list] ??= { drop: new Set(), add: new Map() });
    const value = dn.toLowerCase();
    // Dropped first, then appended: an added DN never appears twice, and the last word on a DN wins.
    edit.drop.add(value);
    edit.add.delete(value);
    if (add) edit.add.set(value, dn);
  }

  /** `memberDn` joins (or leaves) the members of the group `groupDn`. */
  member(groupDn: string, memberDn: string, add: boolean): void {
    this.#edit(groupDn, 'members', memberDn, add);
  }

  /** The group `groupDn` joins (or leaves) the memberOf of `memberDn`. */
  memberOf(memberDn: string, groupDn: string, add: boolean): void {
    this.#edit(memberDn, 'memberOf', groupDn, add);
  }

  get size(): number {
    return this.#targets.size;
  }

  /** The edits as rows for jsonb_to_recordset, `size` at a time. */
  *chunks(size: number): Generator<{ dn: string; members: unknown; member_of: unknown }[]> {
    const asJson = (edit: ListEdit | undefined) => (edit ? { drop: [...edit.drop], add: [...edit.add.values()] } : null);
    let chunk: { dn: string; members: unknown; member_of: unknown }[] = [];
    for (const [dn, lists] of this.#targets) {
      chunk.push({ dn, members: asJson(lists.members), member_of: asJson(lists.memberOf) });
      if (chunk.length >= size) {
        yield chunk;
        chunk = [];
      }
    }
    if (chunk.length > 0) yield chunk;
  }
}

/** The list with the edit's DNs dropped (compared in lower case, order kept) and its added DNs appended. */
const editedList = (list: LinkList, edit: 'f.members' | 'f.member_of') =>
  sql`(SELECT coalesce(jsonb_agg(e.value ORDER BY e.position), '[]'::jsonb)
        FROM jsonb_array_elements(d.data->${list}) WITH ORDINALITY AS e (value, position)
        WHERE NOT ((${sql.raw(edit)}->'drop') ? lower(e.value #>> '{}'))) || (${sql.raw(edit)}->'add')`;

/** Writes the edits to the snapshot's objects; a DN without an object (a foreign principal, a deleted one) is skipped. */
export async function applyLinkEdits(trx: Transaction<Database>, clientId: string, snapshotId: string, edits: LinkEdits): Promise<number> {
  let updated = 0;
  for (const chunk of edits.chunks(UPDATE_CHUNK_TARGETS)) {
    const result = await sql`
      UPDATE ${sql.id(clientSchemaName(clientId), 'directory_object')} AS d
      SET data = d.data || jsonb_strip_nulls(jsonb_build_object(
            'members', CASE WHEN f.members IS NOT NULL AND jsonb_typeof(d.data->'members') = 'array' THEN ${editedList('members', 'f.members')} END,
            'memberOf', CASE WHEN f.member_of IS NOT NULL AND jsonb_typeof(d.data->'memberOf') = 'array' THEN ${editedList('memberOf', 'f.member_of')} END)),
          updated_at = now()
      FROM jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) AS f (dn text, members jsonb, member_of jsonb)
      WHERE d.snapshot_fk = ${snapshotId}::bigint AND lower(d.distinguished_name) = f.dn
    `.execute(trx);
    updated += Number(result.numAffectedRows ?? 0);
  }
  return updated;
}
