import { sql } from 'kysely';
import type { AttributeChange, ChangedObjects, Snapshot } from '@burgwall/shared';
import { saveChanges } from '../changes/change-store';
import { clientDb } from '../db/client-db';
import { requestChangeEvaluation, requestIoaEvaluation, requestIoeEvaluation } from '../ioe/evaluation-jobs';
import { applyChangedObjects, changedDirectory } from '../snapshots/apply-changed-objects';
import type { Services } from '../services';
import { saveSnapshot } from '../snapshots/snapshot-store';

/**
 * Stores one snapshot batch (idempotent per batch id), records the domain and the collector's
 * version/last data time and, for a new snapshot, queues its evaluation in the same transaction (the upload answers
 * once the data is stored; the checks run as a job).
 */
export async function storeSnapshotUpload(services: Services, clientId: string, batchId: string, snapshot: Snapshot) {
  const { db } = services;
  const result = await db.transaction().execute(async (trx) => {
    const saved = await saveSnapshot(trx, clientId, batchId, snapshot);
    const table = clientDb(trx, clientId);
    await table
      .updateTable('status_collector')
      .set({ version: snapshot.collectorVersion, last_data_at: new Date(), updated_at: sql`now()` })
      .execute();
    const domain = snapshot.domain;
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
    if (saved.created) {
      await requestIoeEvaluation(services.jobs, trx, clientId);
    }
    return saved;
  });
  return result;
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
