import type { AlertTrigger } from '@burgwall/shared';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { publicUrl, type Services } from '../services';
import { siemAfterEvaluation } from '../siem/siem-dispatch';
import { queueWebhookDelivery } from '../webhooks/webhook-delivery';
import { causesFor, rulesForClient, type AlertCause, type StoredRule } from './alert-causes';
import type { AlertItem } from './alert-item';

export const ALERT_EVALUATION_JOB = 'alerts.evaluate';
export const ALERT_MAIL_JOB = 'alerts.mail';

export interface AlertEvaluationJob {
  clientId: string;
  triggers: AlertTrigger[];
}

export interface AlertMailJob {
  ruleId: string;
  userId: string;
  items: AlertItem[];
}

const EVALUATION_TRIGGERS: AlertTrigger[] = ['finding', 'score', 'ioa'];

/**
 * THE hook at the end of an evaluation: queues the alert check for the client (finding, score and IoA rules) when
 * its provider has such rules, and the SIEM feed when the provider has one. Call it once an IoE or IoA evaluation of
 * the client has stored its results.
 */
export async function alertsAfterEvaluation(services: Pick<Services, 'jobs' | 'db'>, clientId: string): Promise<void> {
  await siemAfterEvaluation(services, clientId);
  const rules = await rulesForClient(services.db, clientId);
  if (!rules.some((rule) => EVALUATION_TRIGGERS.includes(rule.trigger))) return;
  await services.jobs.enqueue<AlertEvaluationJob>(ALERT_EVALUATION_JOB, { clientId, triggers: EVALUATION_TRIGGERS });
}

/** Marks the causes as sent on one channel; returns only those not sent on it before (the no-duplicates rule). */
async function claim(trx: Transaction<Database>, ruleId: string, channel: string, causes: AlertCause[]): Promise<AlertItem[]> {
  const inserted = await trx
    .insertInto('alert_sent')
    .values(causes.map((cause) => ({ alert_rule_fk: ruleId, channel, dedupe_key: cause.dedupeKey })))
    .onConflict((oc) => oc.doNothing())
    .returning('dedupe_key')
    .execute();
  const fresh = new Set(inserted.map((row) => row.dedupe_key));
  return causes.filter((cause) => fresh.has(cause.dedupeKey)).map((cause) => cause.item);
}

/** One rule's new causes onto each of its channels: a mail (or digest entry) per recipient, a delivery per webhook. */
async function fanOut(services: Services, trx: Transaction<Database>, rule: StoredRule, causes: AlertCause[]): Promise<void> {
  for (const userId of rule.recipient_user_ids) {
    const items = await claim(trx, rule.alert_rule_id_pk, `mail:${userId}`, causes);
    if (items.length === 0) continue;
    if (rule.delivery === 'digest') {
      await trx
        .insertInto('alert_digest_item')
        .values(items.map((item) => ({ user_fk: userId, serviceprovider_fk: rule.serviceprovider_fk, alert: JSON.stringify({ ...item, ruleName: rule.name }) })))
        .execute();
    } else {
      await services.jobs.enqueue<AlertMailJob>(ALERT_MAIL_JOB, { ruleId: rule.alert_rule_id_pk, userId, items }, { trx: trx as unknown as Transaction<unknown> });
    }
  }
  if (rule.webhook_ids.length === 0) return;
  // Only the provider's own endpoints (a rule cannot name another provider's webhook).
  const webhooks = await trx
    .selectFrom('webhook_endpoint')
    .select('webhook_id_pk')
    .where('serviceprovider_fk', '=', rule.serviceprovider_fk)
    .where('webhook_id_pk', 'in', rule.webhook_ids)
    .execute();
  for (const { webhook_id_pk } of webhooks) {
    const items = await claim(trx, rule.alert_rule_id_pk, `webhook:${webhook_id_pk}`, causes);
    if (items.length > 0) await queueWebhookDelivery(trx, services.jobs, webhook_id_pk, { event: 'alert', ruleName: rule.name, items });
  }
}

/** Checks the client's rules of the given triggers and sends what is new, each cause once per rule and channel. */
export async function dispatchAlerts(services: Services, clientId: string, triggers: readonly AlertTrigger[], now = new Date()): Promise<void> {
  const rules = (await rulesForClient(services.db, clientId)).filter((rule) => triggers.includes(rule.trigger));
  for (const rule of rules) {
    const causes = await causesFor(services.db, { clientId, clientName: rule.client_name, baseUrl: publicUrl(services.config) }, rule, now);
    if (causes.length === 0) continue;
    await services.db.transaction().execute((trx) => fanOut(services, trx, rule, causes));
  }
}
