import type { AlertRule, alertRuleBodySchema } from '@burgwall/shared';
import type { z } from 'zod';
import type { Db } from '../db/database';
import { badRequest } from '../http/problem';
import { alertRecipients } from './alert-recipients';

export type AlertRuleInput = z.output<typeof alertRuleBodySchema>;

export async function listAlertRules(db: Db, providerId: string): Promise<AlertRule[]> {
  const rows = await db
    .selectFrom('alert_rule')
    .leftJoin('client', 'client.client_id_pk', 'alert_rule.client_fk')
    .selectAll('alert_rule')
    .select('client.client_name')
    .where('alert_rule.serviceprovider_fk', '=', providerId)
    .orderBy('alert_rule.created_at')
    .execute();
  return rows.map((row) => ({
    id: row.alert_rule_id_pk,
    name: row.name,
    clientId: row.client_fk,
    clientName: row.client_name,
    trigger: row.trigger,
    minSeverity: row.min_severity,
    scoreDrop: row.score_drop,
    belowGrade: row.below_grade,
    delivery: row.delivery,
    recipientUserIds: row.recipient_user_ids,
    webhookIds: row.webhook_ids,
    createdAt: row.created_at.toISOString(),
  }));
}

/** Checks that client, recipients and webhooks all belong to the provider, then stores the rule. */
export async function createAlertRule(db: Db, providerId: string, input: AlertRuleInput): Promise<string> {
  if (input.clientId) {
    const client = await db.selectFrom('client').select('client_id_pk').where('client_id_pk', '=', input.clientId).where('serviceprovider_fk', '=', providerId).executeTakeFirst();
    if (!client) throw badRequest('Der gewählte Kunde gehört nicht zu Ihrem Dienstleister.', [{ path: 'body.clientId', message: 'Unbekannter Kunde.' }]);
  }
  const allowed = new Set((await alertRecipients(db, providerId, input.clientId)).map((recipient) => recipient.userId));
  const foreign = input.recipientUserIds.filter((id) => !allowed.has(id));
  if (foreign.length > 0) {
    throw badRequest('Empfänger müssen zu Ihrem Team oder zu den Benutzern des gewählten Kunden gehören.', [{ path: 'body.recipientUserIds', message: 'Unbekannter Empfänger.' }]);
  }
  if (input.webhookIds.length > 0) {
    const own = await db.selectFrom('webhook_endpoint').select('webhook_id_pk').where('serviceprovider_fk', '=', providerId).where('webhook_id_pk', 'in', input.webhookIds).execute();
    if (own.length !== new Set(input.webhookIds).size) throw badRequest('Ein gewählter Webhook existiert nicht (mehr).', [{ path: 'body.webhookIds', message: 'Unbekannter Webhook.' }]);
  }
  const row = await db
    .insertInto('alert_rule')
    .values({
      serviceprovider_fk: providerId,
      client_fk: input.clientId,
      name: input.name,
      trigger: input.trigger,
      min_severity: input.trigger === 'finding' || input.trigger === 'ioa' ? input.minSeverity : null,
      score_drop: input.trigger === 'score' ? input.scoreDrop : null,
      below_grade: input.trigger === 'score' ? input.belowGrade : null,
      delivery: input.delivery,
      recipient_user_ids: [...new Set(input.recipientUserIds)],
      webhook_ids: [...new Set(input.webhookIds)],
    })
    .returning('alert_rule_id_pk')
    .executeTakeFirstOrThrow();
  return row.alert_rule_id_pk;
}

export async function deleteAlertRule(db: Db, providerId: string, ruleId: string): Promise<boolean> {
  const result = await db.deleteFrom('alert_rule').where('alert_rule_id_pk', '=', ruleId).where('serviceprovider_fk', '=', providerId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
