import type { AttributeChange } from '@burgwall/shared';
import type { EntraChange } from '../entra/entra-changes';
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

/** Rows per INSERT: 14 columns × 2,000 stays far below PostgreSQL's 65,535 bind parameters per statement. */
const ROWS_PER_INSERT = 2000;

/**
 * Stores attribute changes of one client, in statements of ROWS_PER_INSERT rows (call it inside a transaction to
 * store a batch all or nothing). A change already stored (same object, attribute and USN — a collector
 * retrying an upload) is skipped, so `changeIds` holds only the newly stored rows, in input order.
 */
export async function saveChanges(
  db: Db,
  clientId: string,
  changes: readonly AttributeChange[],
  domainObjectGuid: string | null = null,
): Promise<{ changeIds: string[] }> {
  const changeIds: string[] = [];
  for (let start = 0; start < changes.length; start += ROWS_PER_INSERT) {
    const rows = await clientDb(db, clientId)
      .insertInto('change')
      .values(
        changes.slice(start, start + ROWS_PER_INSERT).map((change) => ({
          object_guid: change.objectGuid,
          object_class: change.objectClass,
          distinguished_name: change.distinguishedName,
          property_name: change.propertyName,
          old_value: change.oldValue,
          new_value: change.newValue,
          timestamp: change.timestamp,
          usn: change.usn,
          originating_dsa: change.originatingDsa ?? null,
          attribute_version: change.version ?? null,
          domains_object_guid_fk: domainObjectGuid,
          ...objectColumns(change),
        })),
      )
      .onConflict((oc) => oc.columns(['object_guid', 'property_name', 'usn']).doNothing())
      .returning('rep_id_pk')
      .execute();
    for (const row of rows) changeIds.push(row.rep_id_pk);
  }
  return { changeIds };
}

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Stores the differences between two Entra collections as change records of the directory 'entra' (see migration
 * 0100). Objects without a GUID id (Graph never sends one) are left out rather than failing the collection.
 */
export async function saveEntraChanges(db: Db, clientId: string, entraSnapshotId: string, collectedAt: string, changes: readonly EntraChange[]): Promise<number> {
  const rows = changes
    .filter((change) => GUID.test(change.objectId))
    .map((change, index) => ({
      object_guid: change.objectId.toLowerCase(),
      object_class: change.objectClass,
      distinguished_name: change.objectName,
      property_name: change.propertyName,
      old_value: change.oldValue,
      new_value: change.newValue,
      timestamp: collectedAt,
      usn: Number(entraSnapshotId) * 1_000_000 + index,
      directory: 'entra' as const,
      computer_fk: null,
      group_fk: null,
      user_fk: null,
    }));
  // In statements of ROWS_PER_INSERT rows as well: one dynamic group gaining thousands of members is one change each.
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    await clientDb(db, clientId)
      .insertInto('change')
      .values(rows.slice(start, start + ROWS_PER_INSERT))
      .onConflict((oc) => oc.columns(['object_guid', 'property_name', 'usn']).doNothing())
      .execute();
  }
  return rows.length;
}
