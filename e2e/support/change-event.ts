import { randomUUID } from 'node:crypto';

let usn = Date.now() % 1_000_000_000;

/** A change row as the database event trigger delivers it (SPEC §3), with the columns needed to store it; made now unless `timestamp` says when. */
export function changeEvent(clientId: string, row: { objectClass: 'user' | 'group'; dn: string; property: string; oldValue: string | null; newValue: string; timestamp?: string }) {
  const objectGuid = randomUUID();
  usn += 1;
  return {
    created_at: new Date().toISOString(),
    delivery_info: { current_retry: 0, max_retries: 3 },
    id: randomUUID(),
    trigger: { name: 'change_insert' },
    table: { name: 'change', schema: clientId.replaceAll('-', '_') },
    event: {
      op: 'INSERT',
      data: {
        old: null,
        new: {
          rep_id_pk: usn,
          computer_fk: null,
          group_fk: row.objectClass === 'group' ? objectGuid : null,
          user_fk: row.objectClass === 'user' ? objectGuid : null,
          is_ioa: false,
          is_ioe: false,
          old_value: row.oldValue,
          new_value: row.newValue,
          property_name: row.property,
          timestamp: row.timestamp ?? new Date().toISOString(),
          domains_object_guid_fk: null,
          client_uuid: clientId,
          serviceprovider_uuid: null,
          distinguished_name: row.dn,
          usn,
        },
      },
    },
  };
}
