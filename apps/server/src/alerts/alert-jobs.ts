import { sql } from 'kysely';
import { publicUrl, type Services } from '../services';
import type { AlertItem } from './alert-item';
import { mailSenderOf } from '../mail/branded-mail';
import { alertMail } from './alert-mail';
import { ALERT_EVALUATION_JOB, ALERT_MAIL_JOB, dispatchAlerts, type AlertEvaluationJob, type AlertMailJob } from './alert-dispatch';
import { activeRecipient } from './alert-recipients';
import { unsubscribeToken } from './unsubscribe-token';

export const ALERT_DIGEST_JOB = 'alerts.digest';
export const ALERT_HEALTH_JOB = 'alerts.health';

const senderOf = (services: Services, providerId: string) => mailSenderOf(services.db, providerId);

export function unsubscribeUrl(services: Services, userId: string): string {
  return `${publicUrl(services.config)}/user/email-subscription/update?token=${encodeURIComponent(unsubscribeToken(services.config.APP_SECRET, userId))}`;
}

/** One alert mail of an immediate rule, through the provider's own SMTP server when it has one. */
export async function sendAlertMail(services: Services, job: AlertMailJob): Promise<void> {
  const rule = await services.db.selectFrom('alert_rule').selectAll().where('alert_rule_id_pk', '=', job.ruleId).executeTakeFirst();
  if (!rule) return;
  const recipient = await activeRecipient(services.db, job.userId, rule.serviceprovider_fk, rule.client_fk);
  if (!recipient) return;
  const message = await alertMail({
    to: recipient.email,
    ruleName: rule.name,
    items: job.items,
    sender: await senderOf(services, rule.serviceprovider_fk),
    unsubscribeUrl: unsubscribeUrl(services, job.userId),
    digest: false,
  });
  await services.mailer.send(message, { providerId: rule.serviceprovider_fk });
}

/** The daily digest: every waiting alert of a user in one mail per provider; marked sent after the mail went out. */
export async function sendAlertDigests(services: Services): Promise<number> {
  const pending = await services.db
    .selectFrom('alert_digest_item')
    .select(['user_fk', 'serviceprovider_fk', sql<string[]>`array_agg(alert_digest_item_id_pk ORDER BY alert_digest_item_id_pk)`.as('ids'), sql<AlertItem[]>`json_agg(alert ORDER BY alert_digest_item_id_pk)`.as('alerts')])
    .where('sent_at', 'is', null)
    .groupBy(['user_fk', 'serviceprovider_fk'])
    .execute();
  let sent = 0;
  for (const group of pending) {
    const recipient = await activeRecipient(services.db, group.user_fk, group.serviceprovider_fk, null);
    if (recipient) {
      const message = await alertMail({
        to: recipient.email,
        ruleName: null,
        items: group.alerts,
        sender: await senderOf(services, group.serviceprovider_fk),
        unsubscribeUrl: unsubscribeUrl(services, group.user_fk),
        digest: true,
      });
      await services.mailer.send(message, { providerId: group.serviceprovider_fk });
      sent++;
    }
    // Also when the user unsubscribed meanwhile: those alerts are dropped, not kept for a later digest.
    await services.db.updateTable('alert_digest_item').set({ sent_at: new Date() }).where('alert_digest_item_id_pk', 'in', group.ids).execute();
  }
  return sent;
}

/** Collector health and licences change without an evaluation: checked on ALERT_HEALTH_CRON for clients with such rules. */
export async function checkHealthAlerts(services: Services, now = new Date()): Promise<void> {
  const clients = await services.db
    .selectFrom('alert_rule')
    .innerJoin('client', 'client.serviceprovider_fk', 'alert_rule.serviceprovider_fk')
    .select('client.client_id_pk')
    .distinct()
    .where('alert_rule.trigger', 'in', ['collector', 'license'])
    .where(sql<boolean>`(alert_rule.client_fk IS NULL OR alert_rule.client_fk = client.client_id_pk)`)
    .execute();
  for (const { client_id_pk } of clients) await dispatchAlerts(services, client_id_pk, ['collector', 'license'], now);
}

export function defineAlertJobs(services: Services): void {
  services.jobs.define<AlertEvaluationJob>({ name: ALERT_EVALUATION_JOB, retryLimit: 3, handler: ({ clientId, triggers }) => dispatchAlerts(services, clientId, triggers) });
  services.jobs.define<AlertMailJob>({ name: ALERT_MAIL_JOB, retryLimit: 5, handler: (job) => sendAlertMail(services, job) });
  services.jobs.define<object>({ name: ALERT_DIGEST_JOB, retryLimit: 2, handler: async () => void (await sendAlertDigests(services)) });
  services.jobs.define<object>({ name: ALERT_HEALTH_JOB, retryLimit: 1, handler: () => checkHealthAlerts(services) });
}

export async function scheduleAlertJobs(services: Services): Promise<void> {
  await services.jobs.schedule(ALERT_DIGEST_JOB, services.config.ALERT_DIGEST_CRON);
  await services.jobs.schedule(ALERT_HEALTH_JOB, services.config.ALERT_HEALTH_CRON);
}
