import type { AttributeChange } from '@burgwall/shared';
import { clientDb } from '../db/client-db';
import type { Db } from '../db/database';

/** Which foreign-key column names the changed object, by its class. */
function objectColumns(change: AttributeChange): { computer_fk: string | null; group_fk: string | null; user_fk: string | null } {
  return {
    computer_fk: change.objectClass === 'computer' ? change.objectGuid : null,
    group_fk: change.objectClass === 'group' ? change.objectGuid : null,
    user_fk: change.objectClass === 'user' ? change.objectGuid : null,
  };
}

/**
 * Stores attribute changes of one client. A change already stored (same object, attribute and USN — a collector
 * retrying an upload) is skipped, so `changeIds` holds only the newly stored rows, in input order.
 */
export async function saveChanges(
  db: Db,
  clientId: string,
  changes: readonly AttributeChange[],
  domainObjectGuid: string | null = null,
): Promise<{ changeIds: string[] }> {
  if (changes.length === 0) return { changeIds: [] };
  const rows = await clientDb(db, clientId)
    .insertInto('change')
    .values(
      changes.map((change) => ({
        object_guid: change.objectGuid,
        object_class: change.objectClass,
        distinguished_name: change.distinguishedName,
        property_name: change.propertyName,
        old_value: change.oldValue,
        new_value: change.newValue,
        timestamp: change.timestamp,
        usn: change.usn,
        domains_object_guid_fk: domainObjectGuid,
        ...objectColumns(change),
      })),
    )
    .onConflict((oc) => oc.columns(['object_guid', 'property_name', 'usn']).doNothing())
    .returning('rep_id_pk')
    .execute();
  return { changeIds: rows.map((row) => row.rep_id_pk) };
}
