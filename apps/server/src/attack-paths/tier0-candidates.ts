import { type ExpressionBuilder, sql } from 'kysely';
import { clientDb } from '../db/client-db';
import type { Db } from '../db/database';
import type { ClientDatabase } from '../db/schema';

/** A directory object that can be made Tier 0, as the attack-path nodes name it. */
export interface Tier0Candidate {
  objectKey: string;
  name: string;
  kind: 'user' | 'computer' | 'group' | 'ou' | 'gpo';
  distinguishedName: string | null;
}

/** The snapshot lists whose objects are attack-path nodes, and what the nodes call their kind. */
const NODE_KIND = { users: 'user', computers: 'computer', groups: 'group', organizationalUnits: 'ou', gpos: 'gpo' } as const;
type NodeList = keyof typeof NODE_KIND;
const NODE_LISTS = Object.keys(NODE_KIND) as NodeList[];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** A SID as the collector writes it: "S-1-" and numbers, upper-case S. */
const SID = /^s-1-[0-9-]+$/;

type Eb = ExpressionBuilder<ClientDatabase, 'directory_object'>;

/**
 * The ways a user may name an object — objectGUID, SID, distinguished name, sAMAccountName (a computer's also without
 * its "$"), a user's UPN or name (CN, normally its display name), a computer's host name, an OU's name, a GPO's name or
 * id — each one an indexed equality (indexes of migrations 0300 and 0310), so a lookup in a 1M-object directory reads a
 * few index pages instead of the whole snapshot.
 */
function namesObject(eb: Eb, wanted: string) {
  const ofKind = (list: NodeList) => eb('kind', '=', list);
  const named = eb(sql`lower(name)`, '=', wanted);
  // UPN and host name share one index (directory_object_alias_idx): a user has no host name, a computer no UPN.
  const alias = eb(sql`lower(coalesce(data->>'userPrincipalName', data->>'dnsHostName'))`, '=', wanted);
  return eb.or([
    ...(UUID.test(wanted) ? [eb('object_guid', '=', wanted)] : []),
    ...(SID.test(wanted) ? [eb('object_sid', '=', wanted.toUpperCase())] : []),
    eb(sql`lower(distinguished_name)`, '=', wanted),
    eb(sql`lower(sam_account_name)`, '=', wanted),
    eb.and([ofKind('computers'), eb(sql`lower(sam_account_name)`, '=', `${wanted}$`)]),
    eb.and([ofKind('users'), alias]),
    eb.and([ofKind('computers'), alias]),
    eb.and([ofKind('users'), named]),
    eb.and([ofKind('organizationalUnits'), named]),
    // GPOs are few: their slice of the kind/name index is read whole for the id.
    eb.and([ofKind('gpos'), eb.or([named, eb(sql`lower(data->>'gpoId')`, '=', `{${wanted}}`)])]),
  ]);
}

/**
 * The object a user means by `text` in the given snapshot — case-insensitive, braces around a GUID ignored — or all of
 * them when the text names several (e.g. a GPO and an OU of the same name).
 */
export async function findTier0Candidates(db: Db, clientId: string, snapshotId: string, text: string): Promise<Tier0Candidate[]> {
  const wanted = text.trim().replace(/^\{|\}$/g, '').toLowerCase();
  const rows = await clientDb(db, clientId)
    .selectFrom('directory_object')
    .select(['kind', 'object_guid', 'distinguished_name', 'name', 'sam_account_name', sql<string | null>`data->>'gpoId'`.as('gpo_id'), sql<string | null>`data->>'displayName'`.as('display_name')])
    .where('snapshot_fk', '=', snapshotId)
    .where('kind', 'in', NODE_LISTS)
    .where((eb) => namesObject(eb, wanted))
    // No ORDER BY/LIMIT: either would tempt the planner into walking an index in order and testing every object,
    // instead of OR-ing the few index entries of each name (the hits are a handful).
    .execute();
  // Accounts first, then groups, OUs and GPOs (the order the message naming several lists them in).
  rows.sort((a, b) => NODE_LISTS.indexOf(a.kind as NodeList) - NODE_LISTS.indexOf(b.kind as NodeList) || a.distinguished_name.localeCompare(b.distinguished_name));
  return rows.map((row) => {
    const kind = NODE_KIND[row.kind as NodeList];
    // The keys and names the attack-path graph gives its nodes: a GPO by its id and display name, an account by its
    // sAMAccountName, an OU by its name.
    if (kind === 'gpo') return { objectKey: row.gpo_id ?? row.object_guid, name: row.display_name ?? row.name, kind, distinguishedName: row.distinguished_name };
    const name = kind === 'ou' ? row.name : (row.sam_account_name ?? row.name);
    return { objectKey: row.object_guid, name, kind, distinguishedName: row.distinguished_name };
  });
}

/** Which of the given object keys (objectGUIDs, GPO ids) the snapshot contains, lower-cased. */
export async function presentObjectKeys(db: Db, clientId: string, snapshotId: string, keys: readonly string[]): Promise<Set<string>> {
  const wanted = keys.map((key) => key.toLowerCase());
  const guids = wanted.filter((key) => UUID.test(key));
  const gpoIds = wanted.filter((key) => key.startsWith('{'));
  if (guids.length === 0 && gpoIds.length === 0) return new Set();
  const rows = await clientDb(db, clientId)
    .selectFrom('directory_object')
    .select(['kind', 'object_guid', sql<string | null>`lower(data->>'gpoId')`.as('gpo_id')])
    .where('snapshot_fk', '=', snapshotId)
    .where('kind', 'in', NODE_LISTS)
    .where((eb) =>
      eb.or([
        ...(guids.length > 0 ? [eb.and([eb('kind', '!=', 'gpos'), eb('object_guid', 'in', guids)])] : []),
        ...(gpoIds.length > 0 ? [eb.and([eb('kind', '=', 'gpos'), eb(sql`lower(data->>'gpoId')`, 'in', gpoIds)])] : []),
      ]),
    )
    .execute();
  return new Set(rows.map((row) => (row.kind === 'gpos' ? (row.gpo_id ?? '') : row.object_guid)));
}
