/**
 * A snapshot as an upload in parts sends it (issue 15): its head (everything but the per-object lists) and its objects
 * one line each. Shared by the collector, which writes the parts, and the server, which stores a snapshot sent whole
 * the same way.
 */
import { DIRECTORY_OBJECT_KINDS, type DirectoryObjectKind, type Snapshot, type SnapshotHead, type SnapshotPartLine } from './snapshot';

/** A snapshot's head: everything but its per-object lists. */
export function snapshotHeadOf(snapshot: Snapshot): SnapshotHead {
  const { users: _u, computers: _c, groups: _g, organizationalUnits: _o, gpos: _p, trusts: _t, passwordSettings: _s, ...head } = snapshot;
  return head;
}

/** A whole snapshot's objects as part lines, in list order. */
export function* snapshotLines(snapshot: Pick<Snapshot, DirectoryObjectKind>): Generator<SnapshotPartLine> {
  for (const kind of DIRECTORY_OBJECT_KINDS) for (const object of snapshot[kind]) yield { kind, object } as SnapshotPartLine;
}
