import { sql, type Transaction } from 'kysely';
import type { AttributeChange, ChangedObjects, Snapshot, SnapshotHead } from '@burgwall/shared';
import { saveChanges } from '../changes/change-store';
import { clientDb } from '../db/client-db';
import { requestChangeEvaluation, requestIoaEvaluation, requestIoeEvaluation } from '../ioe/evaluation-jobs';
import { applyChangedObjects, changedDirectory } from '../snapshots/apply-changed-objects';
import type { Services } from '../services';
import type { Database } from '../db/schema';
import { requestSnapshotPrune } from '../snapshots/snapshot-prune-job';
import { beginSnapshot, commitSnapshot, receivingSnapshot, saveSnapshot } from '../snapshots/snapshot-store';

/**
 * What a stored snapshot batch records besides its rows, in the transaction that stored (or committed) it: the
 * collector's version and last data time, the domain from its head and, for a new snapshot, its evaluation and the
 * removal of the object rows it superseded as jobs (the upload answers once the data is stored; the checks run later).
 */
async function recordSnapshotBatch(services: Services, trx: Transaction<Database>, clientId: string, head: Pick<SnapshotHead, 'collectorVersion' | 'domain'>, created: boolean) {
  const table = clientDb(trx, clientId);
  await table
    .updateTable('status_collector')
    .set({ version: head.collectorVersion, last_data_at: new Date(), updated_at: sql`now()` })
    .execute();
  const domain = head.domain;
  const existing = await table
    .selectFrom('domain')
    .select('domain_id_pk')
    .where((eb) => eb.or([eb('domain_object_guid', '=', domain.objectGuid), eb(eb.fn('lower', ['domain_name']), '=', domain.dnsName.toLowerCase())]))
    .executeTakeFirst();
  if (existing) {
    await table
      .updateTable('domain')
      .set({ domain_name: domain.dnsName, domain_distinguished_name: domain.distinguishedName, domain_object_guid: domain.objectGuid })
      .where('domain_id_pk', '=', existing.domain_id_pk)
      .execute();
  } else {
    await table
      .insertInto('domain')
      .values({ domain_name: domain.dnsName, domain_distinguished_name: domain.distinguishedName, domain_object_guid: domain.objectGuid })
      .execute();
  }
  if (created) {
    await requestIoeEvaluation(services.jobs, trx, clientId);
    await requestSnapshotPrune(services.jobs, trx, clientId);
  }
}

/** Stores a snapshot sent whole (older collectors), idempotent per batch id, and records it (recordSnapshotBatch). */
export async function storeSnapshotUpload(services: Services, clientId: string, batchId: string, snapshot: Snapshot) {
  return services.db.transaction().execute(async (trx) => {
    const saved = await saveSnapshot(trx, clientId, batchId, snapshot);
    await recordSnapshotBatch(services, trx, clientId, snapshot, saved.created);
    return saved;
  });
}

/** Opens an upload in parts (idempotent per batch id) and lists the parts the server already holds of it. */
export async function beginSnapshotUpload(services: Services, clientId: string, batchId: string, head: SnapshotHead) {
  return services.db.transaction().execute(async (trx) => {
    const begun = await beginSnapshot(trx, clientId, batchId, head);
    const parts = await clientDb(trx, clientId).selectFrom('snapshot_part').select('part_no').where('snapshot_fk', '=', begun.snapshotId).orderBy('part_no').execute();
    return { ...begun, parts: parts.map((part) => part.part_no) };
  });
}

/**
 * Commits an upload in parts (a German 409 naming missing parts) and records it like a snapshot sent whole, in one
 * transaction; a commit sent again answers `created: false` with the stored counts.
 */
export async function commitSnapshotUpload(services: Services, clientId: string, batchId: string, partCount: number) {
  return services.db.transaction().execute(async (trx) => {
    const { snapshotId } = await receivingSnapshot(trx, clientId, batchId);
    const committed = await commitSnapshot(trx, clientId, snapshotId, partCount);
    const head = await clientDb(trx, clientId)
      .selectFrom('snapshot')
      .select(['collector_version', sql<SnapshotHead['domain']>`data->'domain'`.as('domain')])
      .where('snapshot_id_pk', '=', snapshotId)
      .executeTakeFirstOrThrow();
    await recordSnapshotBatch(services, trx, clientId, { collectorVersion: head.collector_version, domain: head.domain }, committed.created);
    return { snapshotId, ...committed };
  });
}

/** The guid of the client's only domain, used when a change batch does not name one. */
async function soleDomainGuid(services: Services, clientId: string): Promise<string | null> {
  const rows = await clientDb(services.db, clientId).selectFrom('domain').select('domain_object_guid').limit(2).execute();
  return rows.length === 1 ? (rows[0]?.domain_object_guid ?? null) : null;
}

/**
 * Stores change records (a change already stored is skipped), marks replication as alive and queues the attack
 * detectors over the new ones in the same transaction; an empty batch is the collector's "no changes since last
 * time" heartbeat. The batch's changed and deleted objects are applied to the current snapshot's objects, and when
 * that changed the stored directory a re-evaluation of the checks is queued with them (debounced per client, see
 * requestChangeEvaluation).
 */
export async function storeChangesUpload(
  services: Services,
  clientId: string,
  batch: { changes: readonly AttributeChange[]; domainObjectGuid: string | null | undefined; objects?: ChangedObjects | undefined },
  collectorVersion: string | null,
) {
  const { changes } = batch;
  const domainGuid = batch.domainObjectGuid ?? (await soleDomainGuid(services, clientId));
  return services.db.transaction().execute(async (trx) => {
    const { changeIds } = await saveChanges(trx, clientId, changes, domainGuid);
    if (changedDirectory(await applyChangedObjects(trx, clientId, batch.objects, changes))) await requestChangeEvaluation(services.jobs, trx, clientId);
    await clientDb(trx, clientId)
      .updateTable('status_collector')
      .set({
        last_replication_at: new Date(),
        updated_at: sql`now()`,
        ...(collectorVersion ? { version: collectorVersion } : {}),
      })
      .execute();
    await requestIoaEvaluation(services.jobs, trx, clientId, changeIds);
    return { changeIds };
  });
}
