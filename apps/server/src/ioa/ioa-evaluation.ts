import { attackPathLookupFor } from '../attack-paths/attack-path-service';
import { type ChangeRecord, evaluateChanges, type IoaFinding, ioaDetectors } from '@burgwall/checks/attacks';
import { type Selectable, sql, type Transaction } from 'kysely';
import { clientDb } from '../db/client-db';
import type { Db } from '../db/database';
import type { Database, IoaEventTable } from '../db/schema';
import type { LiveHub } from '../live/live-hub';
import { detectionContext } from './detection-context';
import { cachedIoaSettings } from './ioa-settings-store';

/** Attribute names any detector looks at: other changes are never loaded for IoA evaluation. */
const WATCHED_PROPERTIES = [...new Set(ioaDetectors.flatMap((detector) => detector.properties))];
const IDS_PER_QUERY = 5000;

async function loadWatchedChanges(db: Db, clientId: string, changeIds: readonly string[]): Promise<ChangeRecord[]> {
  const records: ChangeRecord[] = [];
  for (let start = 0; start < changeIds.length; start += IDS_PER_QUERY) {
    const ids = changeIds.slice(start, start + IDS_PER_QUERY);
    const rows = await clientDb(db, clientId)
      .selectFrom('change')
      .select(['rep_id_pk', 'object_guid', 'object_class', 'distinguished_name', 'property_name', 'old_value', 'new_value', 'timestamp'])
      .where(sql<boolean>`rep_id_pk = ANY(${ids}::bigint[])`)
      .where(sql<boolean>`lower(property_name) = ANY(${WATCHED_PROPERTIES}::text[])`)
      .orderBy('timestamp')
      .orderBy('rep_id_pk')
      .execute();
    for (const row of rows) {
      records.push({
        id: row.rep_id_pk,
        objectGuid: row.object_guid,
        objectClass: row.object_class,
        distinguishedName: row.distinguished_name,
        propertyName: row.property_name,
        oldValue: row.old_value,
        newValue: row.new_value,
        timestamp: row.timestamp,
      });
    }
  }
  return records;
}

type InsertedEvent = Pick<Selectable<IoaEventTable>, 'ioa_event_id_pk' | 'detector' | 'severity' | 'title' | 'distinguished_name' | 'occurred_at'>;

/** Stores IoA events once per change and detector, and their rows in the cross-client index; returns the new ones. */
async function storeEvents(trx: Transaction<Database>, clientId: string, findings: readonly IoaFinding[], byId: Map<string, ChangeRecord>): Promise<InsertedEvent[]> {
  const inserted = await clientDb(trx, clientId)
    .insertInto('ioa_event')
    .values(
      findings.map((found) => {
        const change = byId.get(found.changeId) as ChangeRecord;
        return {
          change_fk: found.changeId,
          detector: found.detector,
          severity: found.severity,
          title: found.title,
          evidence: JSON.stringify(found.evidence),
          object_guid: change.objectGuid,
          distinguished_name: change.distinguishedName,
          occurred_at: found.occurredAt,
        };
      }),
    )
    .onConflict((oc) => oc.columns(['change_fk', 'detector']).doNothing())
    .returning(['ioa_event_id_pk', 'detector', 'severity', 'title', 'distinguished_name', 'occurred_at'])
    .execute();
  if (inserted.length > 0) {
    await trx
      .insertInto('ioa_event_index')
      .values(
        inserted.map((row) => ({
          client_fk: clientId,
          ioa_event_fk: row.ioa_event_id_pk,
          detector: row.detector,
          severity: row.severity,
          title: row.title,
          distinguished_name: row.distinguished_name,
          occurred_at: row.occurred_at,
        })),
      )
      .execute();
  }
  return inserted;
}

/**
 * Runs the IoA detectors over stored changes of one client, stores the IoA events (once per change and detector),
 * flags the changes as is_ioa and notifies live subscribers on every instance. Returns the new event ids.
 */
export async function evaluateStoredChanges(db: Db, live: LiveHub, clientId: string, changeIds: readonly string[]): Promise<string[]> {
  if (changeIds.length === 0) return [];
  const changes = await loadWatchedChanges(db, clientId, changeIds);
  if (changes.length === 0) return [];
  const table = clientDb(db, clientId);
  const findings = await evaluateChanges(changes, await cachedIoaSettings(db, clientId), detectionContext(table, () => attackPathLookupFor(db, clientId)));
  if (findings.length === 0) return [];
  const byId = new Map(changes.map((change) => [change.id, change]));
  const eventIds = await db.transaction().execute(async (trx) => {
    const inserted: InsertedEvent[] = [];
    // In slices: 8 columns per event, and a batch of 50,000 changes can raise as many events.
    for (let start = 0; start < findings.length; start += IDS_PER_QUERY) {
      inserted.push(...(await storeEvents(trx, clientId, findings.slice(start, start + IDS_PER_QUERY), byId)));
    }
    await clientDb(trx, clientId)
      .updateTable('change')
      .set({ is_ioa: true })
      .where(sql<boolean>`rep_id_pk = ANY(${[...new Set(findings.map((found) => found.changeId))]}::bigint[])`)
      .execute();
    const ids = inserted.map((row) => row.ioa_event_id_pk);
    // NOTIFY inside the transaction is delivered at commit: subscribers never see ids of uncommitted rows.
    if (ids.length > 0) await live.publish({ kind: 'ioa', clientId, ids }, trx);
    return ids;
  });
  return eventIds;
}
