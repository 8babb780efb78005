import {
  type AttributeChange,
  type ChangedObjects,
  type Snapshot,
  computerSchema,
  domainHeadSchema,
  groupSchema,
  organizationalUnitSchema,
  passwordSettingsSchema,
  trustSchema,
  userSchema,
} from '@burgwall/shared';
import type { z } from 'zod';
import { clientDb } from '../db/client-db';
import type { Db } from '../db/database';
import { latestSnapshot, latestSnapshotId, type StoredSnapshot } from './snapshot-store';

/**
 * Bringing the stored directory up to date between full collections (issue 14: a weakness shows as a finding within
 * a minute). Chosen over rewriting the snapshot: a snapshot is one JSON value of up to ~200 MB, too big to rewrite for
 * every change batch, and it stays what the collector read at that time. Instead each change batch's objects (mapped by
 * the collector exactly as for a snapshot, see changed-objects.ts there) are kept as patches of the newest snapshot
 * and laid over it in memory whenever the checks are evaluated; the next snapshot supersedes them.
 */

const KIND_SCHEMAS = {
  users: userSchema,
  computers: computerSchema,
  groups: groupSchema,
  organizationalUnits: organizationalUnitSchema,
  trusts: trustSchema,
  passwordSettings: passwordSettingsSchema,
} satisfies Record<Exclude<keyof ChangedObjects, 'domain'>, z.ZodType>;
type PatchKind = keyof typeof KIND_SCHEMAS;
const PATCH_KINDS = Object.keys(KIND_SCHEMAS) as PatchKind[];

/** The snapshot lists an object can be in: the patchable ones plus GPOs (removed when deleted). */
const OBJECT_LISTS = [...PATCH_KINDS, 'gpos'] as const;

/** A change record's object class → the snapshot list (for deletions; only informative). */
const KIND_OF_CLASS: Record<string, PatchKind | 'gpos' | 'other'> = {
  user: 'users',
  computer: 'computers',
  group: 'groups',
  organizationalUnit: 'organizationalUnits',
  trustedDomain: 'trusts',
  groupPolicyContainer: 'gpos',
};

export interface DirectoryPatch {
  objectGuid: string;
  kind: string;
  /** The object's snapshot form; null = deleted. */
  object: unknown;
}

interface PatchRow {
  object_guid: string;
  object_kind: string;
  object: string | null;
  usn: number;
}

/** The newest state per object of one batch (a deletion after a change wins by its higher USN). */
function patchRows(objects: ChangedObjects | undefined, changes: readonly AttributeChange[]): PatchRow[] {
  const rows = new Map<string, PatchRow>();
  const put = (row: PatchRow) => {
    const existing = rows.get(row.object_guid);
    if (!existing || existing.usn <= row.usn) rows.set(row.object_guid, row);
  };
  // The domain head's USN is not in its snapshot form: the highest of the batch's changes of it stands in.
  const domain = objects?.domain;
  if (domain) put({ object_guid: domain.objectGuid, object_kind: 'domain', object: JSON.stringify(domain), usn: Math.max(0, ...changes.filter((change) => change.objectGuid === domain.objectGuid).map((change) => change.usn)) });
  for (const kind of PATCH_KINDS) {
    for (const object of objects?.[kind] ?? []) put({ object_guid: object.objectGuid, object_kind: kind, object: JSON.stringify(object), usn: object.usnChanged });
  }
  for (const change of changes) {
    if (change.propertyName !== 'isDeleted' || change.newValue?.toUpperCase() !== 'TRUE') continue;
    put({ object_guid: change.objectGuid, object_kind: KIND_OF_CLASS[change.objectClass] ?? 'other', object: null, usn: change.usn });
  }
  return [...rows.values()];
}

/**
 * Stores a change batch's changed and deleted objects as patches of the client's newest snapshot (call it in the
 * transaction that stores the changes). An older patch of the same object is replaced, a newer one (higher USN) kept.
 * Returns how many objects were patched: 0 before the first snapshot or when the batch carries no objects (a
 * collector before this feature), in which case nothing needs evaluating.
 */
export async function saveDirectoryPatches(db: Db, clientId: string, objects: ChangedObjects | undefined, changes: readonly AttributeChange[]): Promise<number> {
  const rows = patchRows(objects, changes);
  if (rows.length === 0) return 0;
  const snapshotId = await latestSnapshotId(db, clientId);
  if (!snapshotId) return 0;
  const CHUNK = 2000;
  for (let start = 0; start < rows.length; start += CHUNK) {
    await clientDb(db, clientId)
      .insertInto('directory_patch')
      .values(rows.slice(start, start + CHUNK).map((row) => ({ ...row, snapshot_fk: snapshotId })))
      .onConflict((oc) =>
        oc
          .columns(['snapshot_fk', 'object_guid'])
          .doUpdateSet((eb) => ({ object_kind: eb.ref('excluded.object_kind'), object: eb.ref('excluded.object'), usn: eb.ref('excluded.usn'), patched_at: new Date() }))
          .where('directory_patch.usn', '<=', (eb) => eb.ref('excluded.usn')),
      )
      .execute();
  }
  return rows.length;
}

/** Patches of other snapshots than the newest are superseded by it. */
export async function dropSupersededPatches(db: Db, clientId: string, newestSnapshotId: string): Promise<void> {
  await clientDb(db, clientId).deleteFrom('directory_patch').where('snapshot_fk', '!=', newestSnapshotId).execute();
}

type Principal = { distinguishedName: string; memberOf: string[] };
type Lists = Pick<Snapshot, (typeof OBJECT_LISTS)[number]>;

/**
 * The snapshot with the patches laid over it: changed objects replace their stored form, new ones are added, deleted
 * ones removed, a changed domain head replaces the head's own fields. memberOf is a back link AD does not report as a change of the member, so it follows the patched
 * groups' member lists here (and a deleted object leaves every member and memberOf list).
 */
export function overlayPatches(snapshot: Snapshot, patches: readonly DirectoryPatch[]): Snapshot {
  if (patches.length === 0) return snapshot;
  const head = patches.find((patch) => patch.kind === 'domain' && patch.object !== null);
  // Only the head's own fields: what only a full read knows (NetBIOS name, dSHeuristics, features) stays as stored.
  const domain = head ? { ...snapshot.domain, ...domainHeadSchema.parse(head.object) } : snapshot.domain;
  const byGuid = new Map(patches.map((patch) => [patch.objectGuid, patch]));
  const lists: Record<string, unknown[]> = {};
  const deletedDns = new Set<string>();
  const oldMembers = new Map<string, string[]>();
  for (const name of OBJECT_LISTS) {
    lists[name] = (snapshot[name] as Lists[typeof name]).filter((object) => {
      const patch = byGuid.get(object.objectGuid);
      if (!patch) return true;
      if (patch.object === null) deletedDns.add(object.distinguishedName.toLowerCase());
      if (name === 'groups') oldMembers.set(object.objectGuid, (object as Snapshot['groups'][number]).members);
      return false;
    });
  }
  const membershipDelta: { member: string; group: string; added: boolean }[] = [];
  for (const patch of patches) {
    if (patch.object === null || !(patch.kind in KIND_SCHEMAS)) continue;
    const object = KIND_SCHEMAS[patch.kind as PatchKind].parse(patch.object);
    lists[patch.kind]?.push(object);
    if (patch.kind !== 'groups') continue;
    const group = object as Snapshot['groups'][number];
    const before = new Set((oldMembers.get(group.objectGuid) ?? []).map((dn) => dn.toLowerCase()));
    const after = new Set(group.members.map((dn) => dn.toLowerCase()));
    for (const dn of after) if (!before.has(dn)) membershipDelta.push({ member: dn, group: group.distinguishedName, added: true });
    for (const dn of before) if (!after.has(dn)) membershipDelta.push({ member: dn, group: group.distinguishedName, added: false });
  }
  const principals = new Map<string, Principal>();
  for (const name of ['users', 'computers', 'groups'] as const) {
    lists[name] = (lists[name] as Principal[]).map((object) => {
      const copy = { ...object, memberOf: object.memberOf.filter((dn) => !deletedDns.has(dn.toLowerCase())) };
      if (name === 'groups') (copy as unknown as Snapshot['groups'][number]).members = (copy as unknown as Snapshot['groups'][number]).members.filter((dn) => !deletedDns.has(dn.toLowerCase()));
      principals.set(copy.distinguishedName.toLowerCase(), copy);
      return copy;
    });
  }
  for (const { member, group, added } of membershipDelta) {
    const principal = principals.get(member);
    if (!principal) continue;
    const others = principal.memberOf.filter((dn) => dn.toLowerCase() !== group.toLowerCase());
    principal.memberOf = added ? [...others, group] : others;
  }
  return { ...snapshot, domain, ...(lists as unknown as Lists) };
}

/** The client's newest snapshot with its patches laid over it (what the checks evaluate), or null before the first. */
export async function latestDirectoryState(db: Db, clientId: string): Promise<(StoredSnapshot & { patches: number }) | null> {
  const stored = await latestSnapshot(db, clientId);
  if (!stored) return null;
  const rows = await clientDb(db, clientId)
    .selectFrom('directory_patch')
    .select(['object_guid', 'object_kind', 'object'])
    .where('snapshot_fk', '=', stored.snapshotId)
    .execute();
  const patches = rows.map((row) => ({ objectGuid: row.object_guid, kind: row.object_kind, object: row.object }));
  return { ...stored, snapshot: overlayPatches(stored.snapshot, patches), patches: patches.length };
}
