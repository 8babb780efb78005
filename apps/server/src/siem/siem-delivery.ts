import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { sendOverGuardedSocket, withUniformFailureTime } from '../http/outgoing';
import type { JobQueue } from '../jobs/job-queue';
import { publicUrl, type Services } from '../services';
import { syslogFrame, type SiemEvent } from './siem-message';

export const SIEM_DELIVERY_JOB = 'siem.deliver';
const RETRY_LIMIT = 5;

interface DeliveryJob {
  deliveryId: string;
}

/** Records a delivery (pending) of one event to the provider's SIEM. */
export async function recordSiemDelivery(db: Kysely<Database>, providerId: string, siemEvent: SiemEvent): Promise<string> {
  const row = await db
    .insertInto('siem_delivery')
    .values({ serviceprovider_fk: providerId, event: siemEvent.event, payload: JSON.stringify(siemEvent), updated_at: new Date() })
    .returning('siem_delivery_id_pk')
    .executeTakeFirstOrThrow();
  return row.siem_delivery_id_pk;
}

export function enqueueSiemDelivery(jobs: JobQueue, deliveryId: string, trx?: Transaction<Database>): Promise<void> {
  return jobs.enqueue<DeliveryJob>(SIEM_DELIVERY_JOB, { deliveryId }, trx ? { trx: trx as unknown as Transaction<unknown> } : {});
}

/** Records a delivery and queues its sending in the caller's transaction (the message exists exactly when the claim does). */
export async function queueSiemDelivery(trx: Transaction<Database>, jobs: JobQueue, providerId: string, siemEvent: SiemEvent): Promise<string> {
  const deliveryId = await recordSiemDelivery(trx, providerId, siemEvent);
  await enqueueSiemDelivery(jobs, deliveryId, trx);
  return deliveryId;
}

const TLS_TRUST_CODES = new Set(['UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'DEPTH_ZERO_SELF_SIGNED_CERT', 'SELF_SIGNED_CERT_IN_CHAIN', 'CERT_HAS_EXPIRED', 'ERR_TLS_CERT_ALTNAME_INVALID', 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY']);

/** German text of a failed connection, for the settings page (no internals). */
function failureText(error: unknown, timeoutMs: number): string {
  const code = (error as { code?: string }).code ?? '';
  if (code === 'EINTERNALHOST') return 'Die Adresse zeigt in ein internes Netz und ist nicht erlaubt.';
  if (code === 'EDNS' || code === 'ENOTFOUND') return 'Der Hostname konnte nicht aufgelöst werden.';
  if (code === 'ECONNREFUSED') return 'Der Syslog-Server hat die Verbindung abgelehnt (läuft er auf diesem Port?).';
  if (code === 'ETIMEDOUT') return `Keine Verbindung innerhalb von ${Math.round(timeoutMs / 1000)} Sekunden.`;
  if (TLS_TRUST_CODES.has(code)) return 'Dem TLS-Zertifikat des Syslog-Servers wird nicht vertraut. Bitte prüfen Sie das CA-Zertifikat und den Hostnamen.';
  return 'Die Verbindung zum Syslog-Server ist fehlgeschlagen.';
}

/**
 * Sends one recorded delivery as an RFC 5424 message (octet-counting framing) over TCP or TLS through the SSRF guard,
 * records the result; a failure throws so the job is retried with backoff. `uniformFailureTime` holds failures to
 * the connect timeout (the test button answers a person, who must not time ports of the server's network).
 */
export async function deliverSiem(services: Pick<Services, 'db' | 'outgoing' | 'config'>, deliveryId: string, options: { uniformFailureTime?: boolean } = {}): Promise<void> {
  const { db, outgoing } = services;
  const row = await db
    .selectFrom('siem_delivery')
    .innerJoin('siem_destination', 'siem_destination.serviceprovider_fk', 'siem_delivery.serviceprovider_fk')
    .select(['siem_delivery.payload', 'siem_delivery.status', 'siem_destination.host', 'siem_destination.port', 'siem_destination.transport', 'siem_destination.format', 'siem_destination.ca_certificate'])
    .where('siem_delivery.siem_delivery_id_pk', '=', deliveryId)
    .executeTakeFirst();
  // Destination removed, or already delivered (a job retried after success): nothing to do.
  if (!row || row.status === 'delivered') return;
  const frame = syslogFrame(row.payload as SiemEvent, row.format, new URL(publicUrl(services.config)).hostname);
  const send = () => sendOverGuardedSocket({ host: row.host, port: row.port, tls: row.transport === 'tls', caPem: row.ca_certificate }, frame, outgoing);
  let error: string | null = null;
  try {
    await (options.uniformFailureTime ? withUniformFailureTime(outgoing.connectTimeoutMs, send) : send());
  } catch (failure) {
    error = failureText(failure, outgoing.connectTimeoutMs);
  }
  await db
    .updateTable('siem_delivery')
    .set((eb) => ({ status: error ? 'failed' : 'delivered', attempts: eb('attempts', '+', 1), last_error: error, updated_at: new Date() }))
    .where('siem_delivery_id_pk', '=', deliveryId)
    .execute();
  if (error) throw new Error(`SIEM delivery ${deliveryId} failed: ${error}`);
}

export function defineSiemDeliveryJob(services: Services): void {
  services.jobs.define<DeliveryJob>({
    name: SIEM_DELIVERY_JOB,
    retryLimit: RETRY_LIMIT,
    // The same backoff as webhooks: first retry after WEBHOOK_RETRY_DELAY_SECONDS, then doubling.
    retryDelaySeconds: services.config.WEBHOOK_RETRY_DELAY_SECONDS,
    handler: ({ deliveryId }) => deliverSiem(services, deliveryId),
  });
}
