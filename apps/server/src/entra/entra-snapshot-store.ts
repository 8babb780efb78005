import { type EntraSnapshot, type EntraSnapshotInput, entraSnapshotSchema } from '@burgwall/shared';
import { clientDb } from '../db/client-db';
import type { Db } from '../db/database';

export interface StoredEntraSnapshot {
  entraSnapshotId: string;
  snapshot: EntraSnapshot;
}

/** Stores one Entra collection (validated) in the client's `entra_snapshot` table. */
export async function saveEntraSnapshot(db: Db, clientId: string, input: EntraSnapshotInput): Promise<string> {
  const snapshot = entraSnapshotSchema.parse(input);
  const row = await clientDb(db, clientId)
    .insertInto('entra_snapshot')
    .values({ collected_at: snapshot.collectedAt, data: JSON.stringify(snapshot) })
    .returning('entra_snapshot_id_pk')
    .executeTakeFirstOrThrow();
  return row.entra_snapshot_id_pk;
}

/** The client's newest Entra snapshot, or null while Entra ID was never collected. */
export async function loadLatestEntraSnapshot(db: Db, clientId: string): Promise<StoredEntraSnapshot | null> {
  const row = await clientDb(db, clientId)
    .selectFrom('entra_snapshot')
    .select(['entra_snapshot_id_pk', 'data'])
    .orderBy('collected_at', 'desc')
    .orderBy('entra_snapshot_id_pk', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return null;
  return { entraSnapshotId: row.entra_snapshot_id_pk, snapshot: entraSnapshotSchema.parse(row.data) };
}

/** One stored Entra snapshot of the client by id, or null when it has none of that id. */
export async function loadEntraSnapshotById(db: Db, clientId: string, entraSnapshotId: string): Promise<EntraSnapshot | null> {
  const row = await clientDb(db, clientId).selectFrom('entra_snapshot').select('data').where('entra_snapshot_id_pk', '=', entraSnapshotId).executeTakeFirst();
  return row ? entraSnapshotSchema.parse(row.data) : null;
}
