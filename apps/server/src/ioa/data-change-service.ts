import { type AttributeChange, objectClassSchema } from '@burgwall/shared';
import { saveChanges } from '../changes/change-store';
import { clientDb } from '../db/client-db';
import { clientSchemaName, isClientId } from '../db/client-schema';
import { evaluateStoredChanges } from './ioa-evaluation';
import { alertsAfterEvaluation } from '../alerts/alert-dispatch';
import { evaluateNowOrQueue } from '../ioe/evaluate-now-or-queue';
import { badRequest, notFound } from '../http/problem';
import type { Services } from '../services';
import type { ChangeEventRow, DataChangeEvent } from './data-change-schema';

export interface DataChangeResult {
  /** The stored change's id on this server (new or existing). */
  changeId: string | null;
  stored: boolean;
  ioaEvents: number;
  /** Score after re-evaluating the checks, when the change was marked as exposure-relevant (is_ioe). */
  score?: number | null;
}

function objectOf(row: ChangeEventRow): { guid: string; objectClass: AttributeChange['objectClass'] } | null {
  if (row.user_fk) return { guid: row.user_fk, objectClass: 'user' };
  if (row.group_fk) return { guid: row.group_fk, objectClass: 'group' };
  if (row.computer_fk) return { guid: row.computer_fk, objectClass: 'computer' };
  if (!row.object_guid) return null;
  const known = objectClassSchema.safeParse(row.object_class);
  return { guid: row.object_guid, objectClass: known.success ? known.data : 'other' };
}

/**
 * POST /services/ioe/data-change: a change row was written (event-trigger shape of SPEC §3). A change this server
 * already stores is re-evaluated; an unknown one is stored (when the row carries DN and USN) and goes through the
 * same detectors as collector uploads (here at once: the answer reports the IoA events).
 */
export async function handleDataChange(services: Services, event: DataChangeEvent): Promise<DataChangeResult> {
  const result = await storeAndDetectAttacks(services, event);
  const row = event.event.data.new;
  if (!row?.is_ioe || result.changeId === null) return result;
  // An exposure-relevant change: the checks run again on the newest snapshot so the score follows at once (a large
  // domain's evaluation is queued: the answer then has no score yet).
  const outcome = await evaluateNowOrQueue(services, row.client_uuid);
  const summary = outcome.queued ? null : outcome.summary;
  if (summary) await alertsAfterEvaluation(services, row.client_uuid);
  return { ...result, score: summary?.score ?? null };
}

/** A 400 naming the field of the event that is wrong. */
function invalid(path: string, message: string) {
  return badRequest(message, [{ path: `body.${path}`, message }]);
}

async function storeAndDetectAttacks(services: Services, event: DataChangeEvent): Promise<DataChangeResult> {
  const row = event.event.data.new;
  if (event.event.op === 'DELETE' || !row) return { changeId: null, stored: false, ioaEvents: 0 };
  const clientId = row.client_uuid;
  if (!isClientId(clientId)) throw invalid('event.data.new.client_uuid', 'Die Kunden-ID (client_uuid) ist keine gültige Kunden-ID.');
  const client = await services.db
    .selectFrom('client')
    .select(['client_id_pk', 'serviceprovider_fk'])
    .where('client_id_pk', '=', clientId)
    .executeTakeFirst();
  if (!client) throw notFound(`Den Kunden ${clientId} (client_uuid) gibt es nicht.`);
  if (row.serviceprovider_uuid && row.serviceprovider_uuid !== client.serviceprovider_fk) {
    throw invalid('event.data.new.serviceprovider_uuid', 'Der Dienstleister (serviceprovider_uuid) ist nicht der Dienstleister dieses Kunden.');
  }
  if (event.table.schema !== 'public' && event.table.schema !== clientSchemaName(clientId)) {
    throw invalid('table.schema', `Das Schema „${event.table.schema}“ gehört nicht zum Kunden ${clientId}.`);
  }

  const existing = await clientDb(services.db, clientId)
    .selectFrom('change')
    .select('rep_id_pk')
    .where('rep_id_pk', '=', row.rep_id_pk)
    .executeTakeFirst();
  if (existing) {
    const ioa = await evaluateStoredChanges(services.db, services.live, clientId, [existing.rep_id_pk]);
    return { changeId: existing.rep_id_pk, stored: false, ioaEvents: ioa.length };
  }

  const object = objectOf(row);
  if (!object || !row.distinguished_name || row.usn === undefined) {
    throw notFound(
      `Die Änderung ${row.rep_id_pk} ist hier unbekannt, und dem Ereignis fehlen object_guid (oder ein *_fk), distinguished_name und usn, um sie zu speichern.`,
    );
  }
  const { changeIds } = await saveChanges(
    services.db,
    clientId,
    [
      {
        objectGuid: object.guid,
        objectClass: object.objectClass,
        distinguishedName: row.distinguished_name,
        propertyName: row.property_name,
        oldValue: row.old_value,
        newValue: row.new_value,
        timestamp: row.timestamp,
        usn: row.usn,
      },
    ],
    row.domains_object_guid_fk,
  );
  if (changeIds.length === 0) {
    // Same object, attribute and USN stored under another id: evaluate that one.
    const same = await clientDb(services.db, clientId)
      .selectFrom('change')
      .select('rep_id_pk')
      .where('object_guid', '=', object.guid)
      .where('property_name', '=', row.property_name)
      .where('usn', '=', String(row.usn))
      .executeTakeFirstOrThrow();
    const ioa = await evaluateStoredChanges(services.db, services.live, clientId, [same.rep_id_pk]);
    return { changeId: same.rep_id_pk, stored: false, ioaEvents: ioa.length };
  }
  const before = await countIoa(services, clientId, changeIds);
  await evaluateStoredChanges(services.db, services.live, clientId, changeIds);
  return { changeId: changeIds[0] ?? null, stored: true, ioaEvents: (await countIoa(services, clientId, changeIds)) - before };
}

async function countIoa(services: Services, clientId: string, changeIds: string[]): Promise<number> {
  const row = await clientDb(services.db, clientId)
    .selectFrom('ioa_event')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('change_fk', 'in', changeIds)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
