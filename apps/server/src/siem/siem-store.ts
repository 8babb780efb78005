import type { SiemDelivery, SiemDestination, siemDestinationBodySchema } from '@burgwall/shared';
import type { z } from 'zod';
import type { Db } from '../db/database';
import { OutgoingBlockedError, resolvePublicAddress, type OutgoingPolicy } from '../http/outgoing';
import { badRequest } from '../http/problem';

export type SiemDestinationInput = z.output<typeof siemDestinationBodySchema>;

type DeliveryRow = { siem_delivery_id_pk: string; event: SiemDelivery['event']; status: SiemDelivery['status']; attempts: number; last_error: string | null; created_at: Date; updated_at: Date };

export function deliveryOf(row: DeliveryRow): SiemDelivery {
  return {
    id: row.siem_delivery_id_pk,
    event: row.event,
    status: row.status,
    attempts: row.attempts,
    lastError: row.last_error,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

export async function findDelivery(db: Db, providerId: string, deliveryId: string): Promise<SiemDelivery | null> {
  const row = await db.selectFrom('siem_delivery').selectAll().where('siem_delivery_id_pk', '=', deliveryId).where('serviceprovider_fk', '=', providerId).executeTakeFirst();
  return row ? deliveryOf(row) : null;
}

/** The provider's destination with the result of its newest delivery, or null. */
export async function loadSiemDestination(db: Db, providerId: string): Promise<SiemDestination | null> {
  const row = await db.selectFrom('siem_destination').selectAll().where('serviceprovider_fk', '=', providerId).executeTakeFirst();
  if (!row) return null;
  const last = await db.selectFrom('siem_delivery').selectAll().where('serviceprovider_fk', '=', providerId).orderBy('created_at', 'desc').limit(1).executeTakeFirst();
  return {
    host: row.host,
    port: row.port,
    transport: row.transport,
    format: row.format,
    caCertificate: row.ca_certificate,
    updatedAt: row.updated_at.toISOString(),
    lastDelivery: last ? deliveryOf(last) : null,
  };
}

/**
 * A first check of the host when it is saved, for a clear German answer; the SSRF guard checks again on every
 * connection (DNS may change).
 */
async function checkHost(host: string, policy: OutgoingPolicy): Promise<void> {
  try {
    await resolvePublicAddress(host, policy);
  } catch (error) {
    const message =
      error instanceof OutgoingBlockedError
        ? 'Die Adresse zeigt in ein internes Netz. Der Syslog-Server muss öffentlich erreichbar sein.'
        : 'Der Hostname des Syslog-Servers konnte nicht aufgelöst werden.';
    throw badRequest(message, [{ path: 'body.host', message }]);
  }
}

/** Saves (creates or replaces) the provider's destination; IoAs and findings from before the first save are not sent. */
export async function saveSiemDestination(db: Db, policy: OutgoingPolicy, providerId: string, input: SiemDestinationInput): Promise<void> {
  await checkHost(input.host, policy);
  const values = { host: input.host, port: input.port, transport: input.transport, format: input.format, ca_certificate: input.caCertificate, updated_at: new Date() };
  await db
    .insertInto('siem_destination')
    .values({ serviceprovider_fk: providerId, ...values })
    .onConflict((oc) => oc.column('serviceprovider_fk').doUpdateSet(values))
    .execute();
}

export async function deleteSiemDestination(db: Db, providerId: string): Promise<boolean> {
  const result = await db.deleteFrom('siem_destination').where('serviceprovider_fk', '=', providerId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
