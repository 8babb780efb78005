import { WEBHOOK_SIGNATURE_HEADER } from '@burgwall/shared';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { guardedFetch } from '../http/outgoing';
import type { JobQueue } from '../jobs/job-queue';
import type { Services } from '../services';
import { webhookBody, type WebhookEvent } from './webhook-payload';
import { signWebhook } from './webhook-signature';

export const WEBHOOK_DELIVERY_JOB = 'webhooks.deliver';
const RETRY_LIMIT = 5;
const RESPONSE_KEPT = 500;
const TIMEOUT_MS = 10_000;

interface DeliveryJob {
  deliveryId: string;
}

/** Records a delivery (pending) for the delivery log. */
export async function recordWebhookDelivery(db: Kysely<Database>, webhookId: string, event: WebhookEvent): Promise<string> {
  const row = await db
    .insertInto('webhook_delivery')
    .values({ webhook_fk: webhookId, event: event.event, payload: JSON.stringify(event), updated_at: new Date() })
    .returning('webhook_delivery_id_pk')
    .executeTakeFirstOrThrow();
  return row.webhook_delivery_id_pk;
}

/** Queues the sending (and its retries) of a recorded delivery; with `trx` in the caller's transaction. */
export function enqueueWebhookDelivery(jobs: JobQueue, deliveryId: string, trx?: Transaction<Database>): Promise<void> {
  return jobs.enqueue<DeliveryJob>(WEBHOOK_DELIVERY_JOB, { deliveryId }, trx ? { trx: trx as unknown as Transaction<unknown> } : {});
}

/** Records a delivery and queues it, in the caller's transaction (the delivery exists exactly when the alert does). */
export async function queueWebhookDelivery(trx: Transaction<Database>, jobs: JobQueue, webhookId: string, event: WebhookEvent): Promise<string> {
  const deliveryId = await recordWebhookDelivery(trx, webhookId, event);
  await enqueueWebhookDelivery(jobs, deliveryId, trx);
  return deliveryId;
}

/** German text of a failed request (no internals: the provider sees it in the delivery log). */
function failureText(error: unknown): string {
  const code = (error as { code?: string; cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code;
  if (code === 'EINTERNALHOST') return 'Die Adresse zeigt in ein internes Netz und ist nicht erlaubt.';
  if (code === 'EDNS' || code === 'ENOTFOUND') return 'Der Hostname konnte nicht aufgelöst werden.';
  if (error instanceof Error && error.name === 'TimeoutError') return 'Keine Antwort innerhalb von 10 Sekunden.';
  return 'Die Verbindung zum Empfänger ist fehlgeschlagen.';
}

/**
 * Sends one delivery: POST with the signature header through the SSRF guard, records status and the start of the
 * answer; a failure (network or non-2xx) throws so the job is retried with backoff.
 */
export async function deliverWebhook(services: Pick<Services, 'db' | 'secrets' | 'outgoing'>, deliveryId: string): Promise<void> {
  const { db } = services;
  const row = await db
    .selectFrom('webhook_delivery')
    .innerJoin('webhook_endpoint', 'webhook_endpoint.webhook_id_pk', 'webhook_delivery.webhook_fk')
    .select(['webhook_delivery.payload', 'webhook_delivery.status', 'webhook_endpoint.kind', 'webhook_endpoint.url', 'webhook_endpoint.secret_sealed'])
    .where('webhook_delivery.webhook_delivery_id_pk', '=', deliveryId)
    .executeTakeFirst();
  // Deleted endpoint or already delivered (a job retried after success): nothing to do.
  if (!row || row.status === 'delivered') return;
  const body = webhookBody(row.kind, row.payload as WebhookEvent);
  const timestamp = Math.floor(Date.now() / 1000);
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'Burgwall-Webhook/1',
    [WEBHOOK_SIGNATURE_HEADER]: signWebhook(services.secrets.open(row.secret_sealed), body, timestamp),
    'x-burgwall-delivery': deliveryId,
  };
  let statusCode: number | null = null;
  let responseText: string | null = null;
  let error: string | null = null;
  try {
    const response = await guardedFetch(row.url, { method: 'POST', headers, body, redirect: 'manual', signal: AbortSignal.timeout(TIMEOUT_MS) }, services.outgoing);
    statusCode = response.status;
    responseText = (await response.text().catch(() => '')).slice(0, RESPONSE_KEPT);
    if (!response.ok) error = `Der Empfänger antwortete mit Status ${response.status}.`;
  } catch (failure) {
    error = failureText(failure);
  }
  await db
    .updateTable('webhook_delivery')
    .set((eb) => ({
      status: error ? 'failed' : 'delivered',
      attempts: eb('attempts', '+', 1),
      last_status_code: statusCode,
      last_response: responseText,
      last_error: error,
      updated_at: new Date(),
    }))
    .where('webhook_delivery_id_pk', '=', deliveryId)
    .execute();
  if (error) throw new Error(`webhook delivery ${deliveryId} failed: ${error}`);
}

export function defineWebhookJobs(services: Services): void {
  services.jobs.define<DeliveryJob>({
    name: WEBHOOK_DELIVERY_JOB,
    retryLimit: RETRY_LIMIT,
    retryDelaySeconds: services.config.WEBHOOK_RETRY_DELAY_SECONDS,
    handler: ({ deliveryId }) => deliverWebhook(services, deliveryId),
  });
}
