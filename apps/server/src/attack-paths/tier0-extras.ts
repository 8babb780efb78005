import type { Tier0Extra } from '@burgwall/shared';
import type { Kysely } from 'kysely';
import { clientDb } from '../db/client-db';
import type { Db } from '../db/database';
import type { ClientDatabase } from '../db/schema';
import { requestIoeEvaluation } from '../ioe/evaluation-jobs';
import type { JobQueue } from '../jobs/job-queue';
import { presentObjectKeys } from './tier0-candidates';

/** The client's extra Tier-0 keys, as the control graph takes them. */
export async function extraTier0Keys(db: Db, clientId: string): Promise<string[]> {
  const rows = await clientDb(db, clientId).selectFrom('tier0_extra').select('object_key').orderBy('object_key').execute();
  return rows.map((row) => row.object_key);
}

/** The client's extra Tier-0 objects, each with whether the given (newest) snapshot still contains it. */
export async function listTier0Extras(db: Db, clientId: string, snapshotId: string | null): Promise<Tier0Extra[]> {
  const rows = await clientDb(db, clientId).selectFrom('tier0_extra').selectAll().orderBy('object_name').execute();
  const present = snapshotId ? await presentObjectKeys(db, clientId, snapshotId, rows.map((row) => row.object_key)) : new Set<string>();
  return rows.map((row) => ({
    objectKey: row.object_key,
    name: row.object_name,
    kind: row.object_kind as Tier0Extra['kind'],
    distinguishedName: row.distinguished_name,
    addedBy: row.added_by_email,
    addedAt: row.added_at.toISOString(),
    inSnapshot: present.has(row.object_key.toLowerCase()),
  }));
}

/**
 * Stores or removes an extra Tier-0 object and, in the same transaction, asks for a new evaluation: the check
 * `attack-path-to-tier0` and the score follow the setting. `change` returns false when nothing changed.
 */
export async function changeTier0Extras(db: Db, jobs: JobQueue, clientId: string, change: (own: Kysely<ClientDatabase>) => Promise<boolean>): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const changed = await change(clientDb(trx, clientId));
    if (changed) await requestIoeEvaluation(jobs, trx, clientId);
    return changed;
  });
}
