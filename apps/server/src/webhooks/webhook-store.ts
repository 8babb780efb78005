import type { Webhook, WebhookDelivery, webhookBodySchema } from '@burgwall/shared';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { SecretBox } from '../crypto/secret-box';
import type { Db } from '../db/database';
import { badRequest } from '../http/problem';
import { OutgoingBlockedError, resolvePublicAddress, type OutgoingPolicy } from '../http/outgoing';
import { newWebhookSecret } from './webhook-signature';

export type WebhookInput = z.output<typeof webhookBodySchema>;
const DELIVERIES_SHOWN = 50;

export async function listWebhooks(db: Db, providerId: string): Promise<Webhook[]> {
  const rows = await db
    .selectFrom('webhook_endpoint')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('webhook_delivery')
          .select(['status', 'last_status_code', 'updated_at'])
          .whereRef('webhook_delivery.webhook_fk', '=', 'webhook_endpoint.webhook_id_pk')
          .orderBy('created_at', 'desc')
          .limit(1)
          .as('last'),
      (join) => join.onTrue(),
    )
    .select(['webhook_endpoint.webhook_id_pk', 'webhook_endpoint.name', 'webhook_endpoint.kind', 'webhook_endpoint.url', 'webhook_endpoint.created_at', 'last.status', 'last.last_status_code', 'last.updated_at'])
    .where('webhook_endpoint.serviceprovider_fk', '=', providerId)
    .orderBy('webhook_endpoint.created_at')
    .execute();
  return rows.map((row) => ({
    id: row.webhook_id_pk,
    name: row.name,
    kind: row.kind,
    url: row.url,
    createdAt: row.created_at.toISOString(),
    lastDelivery: row.status && row.updated_at ? { status: row.status, lastStatusCode: row.last_status_code, updatedAt: row.updated_at.toISOString() } : null,
  }));
}

/**
 * A first check of the host when the URL is saved, for a clear German answer; the SSRF guard checks again on every
 * delivery (DNS may change).
 */
async function checkTarget(url: string, policy: OutgoingPolicy): Promise<void> {
  try {
    await resolvePublicAddress(new URL(url).hostname, policy);
  } catch (error) {
    const message =
      error instanceof OutgoingBlockedError
        ? 'Die Adresse zeigt in ein internes Netz. Webhooks dürfen nur öffentliche Adressen aufrufen.'
        : 'Der Hostname der Adresse konnte nicht aufgelöst werden.';
    throw badRequest(message, [{ path: 'body.url', message }]);
  }
}

/** Stores a webhook with a new signing secret (sealed); returns its id and the secret (shown once). */
export async function createWebhook(db: Db, secrets: SecretBox, policy: OutgoingPolicy, providerId: string, input: WebhookInput): Promise<{ id: string; secret: string }> {
  await checkTarget(input.url, policy);
  const secret = newWebhookSecret();
  const row = await db
    .insertInto('webhook_endpoint')
    .values({ serviceprovider_fk: providerId, name: input.name, kind: input.kind, url: input.url, secret_sealed: secrets.seal(secret) })
    .returning('webhook_id_pk')
    .executeTakeFirstOrThrow();
  return { id: row.webhook_id_pk, secret };
}

export async function ownWebhook(db: Db, providerId: string, webhookId: string) {
  return db.selectFrom('webhook_endpoint').select(['webhook_id_pk', 'name']).where('webhook_id_pk', '=', webhookId).where('serviceprovider_fk', '=', providerId).executeTakeFirst();
}

/** Deletes the webhook and takes it out of every rule of the provider. */
export async function deleteWebhook(db: Db, providerId: string, webhookId: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx.deleteFrom('webhook_endpoint').where('webhook_id_pk', '=', webhookId).where('serviceprovider_fk', '=', providerId).executeTakeFirst();
    await trx
      .updateTable('alert_rule')
      .set({ webhook_ids: sql<string[]>`array_remove(webhook_ids, ${webhookId}::uuid)` })
      .where('serviceprovider_fk', '=', providerId)
      .execute();
    return Number(result.numDeletedRows) > 0;
  });
}

export async function listDeliveries(db: Db, webhookId: string): Promise<WebhookDelivery[]> {
  const rows = await db.selectFrom('webhook_delivery').selectAll().where('webhook_fk', '=', webhookId).orderBy('created_at', 'desc').limit(DELIVERIES_SHOWN).execute();
  return rows.map((row) => ({
    id: row.webhook_delivery_id_pk,
    event: row.event,
    status: row.status,
    attempts: row.attempts,
    lastStatusCode: row.last_status_code,
    lastResponse: row.last_response,
    lastError: row.last_error,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  }));
}
