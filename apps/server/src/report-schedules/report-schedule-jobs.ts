import { unsubscribeToken } from '../alerts/unsubscribe-token';
import { sql, type Transaction } from 'kysely';
import { mailSenderOf } from '../mail/branded-mail';
import { loadProviderSummary } from '../report/provider-summary-data';
import { renderProviderSummaryPdf } from '../report/provider-summary-pdf';
import { loadReportData } from '../report/report-data';
import { renderReportPdf } from '../report/report-pdf';
import { reportFileName, summaryFileName } from '../report/report-route';
import { publicUrl, type Services } from '../services';
import { reportPeriod } from './report-period';
import { reportMail } from './report-mail';
import { allowedReportRecipients } from './report-schedule-store';

/** Finds the schedules due in the current period (cron REPORT_SCHEDULE_CRON). */
export const REPORT_SCHEDULE_DUE_JOB = 'reports.due';
/** Renders and mails one schedule's report to one recipient. */
export const REPORT_MAIL_JOB = 'reports.mail';

interface ReportMailJob {
  scheduleId: string;
  userId: string;
  period: string;
}

/**
 * Claims every schedule whose current period has not been sent (one UPDATE: the period is written with the claim, so
 * a second run of the same slot or another instance finds nothing) and queues a mail per recipient in the same
 * transaction. Stateless: what is due follows from the table alone. Returns the number of mails queued.
 */
export async function queueDueReports(services: Services, now = new Date()): Promise<number> {
  const weekly = reportPeriod('weekly', now);
  const monthly = reportPeriod('monthly', now);
  const current = sql<string>`CASE frequency WHEN 'weekly' THEN ${weekly}::text ELSE ${monthly}::text END`;
  return services.db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('report_schedule')
      .set({ last_period: current, last_sent_at: now })
      .where(sql<boolean>`last_period IS DISTINCT FROM ${current}`)
      .returning(['report_schedule_id_pk', 'recipient_user_ids', 'last_period'])
      .execute();
    let queued = 0;
    for (const schedule of claimed) {
      for (const userId of schedule.recipient_user_ids) {
        await services.jobs.enqueue<ReportMailJob>(
          REPORT_MAIL_JOB,
          { scheduleId: schedule.report_schedule_id_pk, userId, period: schedule.last_period ?? '' },
          { trx: trx as unknown as Transaction<unknown> },
        );
        queued++;
      }
    }
    return queued;
  });
}

/** The PDF of a schedule: the client's security report, or the provider's summary. */
async function renderScheduledPdf(services: Services, providerId: string, clientId: string | null): Promise<{ filename: string; content: Buffer } | null> {
  if (clientId) {
    const data = await loadReportData(services.db, clientId);
    return data ? { filename: reportFileName(data.client.name, data.generatedAt), content: await renderReportPdf(data) } : null;
  }
  const data = await loadProviderSummary(services.db, providerId);
  return data ? { filename: summaryFileName(data.generatedAt), content: await renderProviderSummaryPdf(data) } : null;
}

/** Mails one report; a recipient who left the team (or the client) meanwhile gets nothing. */
export async function sendScheduledReport(services: Services, job: ReportMailJob): Promise<void> {
  const schedule = await services.db
    .selectFrom('report_schedule')
    .leftJoin('client', 'client.client_id_pk', 'report_schedule.client_fk')
    .select(['report_schedule.serviceprovider_fk', 'report_schedule.client_fk', 'report_schedule.frequency', 'report_schedule.recipient_user_ids', 'client.client_name'])
    .where('report_schedule.report_schedule_id_pk', '=', job.scheduleId)
    .executeTakeFirst();
  if (!schedule || !schedule.recipient_user_ids.includes(job.userId)) return;
  const recipient = (await allowedReportRecipients(services.db, schedule.serviceprovider_fk, schedule.client_fk)).find((entry) => entry.userId === job.userId);
  if (!recipient) return;
  const pdf = await renderScheduledPdf(services, schedule.serviceprovider_fk, schedule.client_fk);
  if (!pdf) return;
  const base = publicUrl(services.config);
  const message = await reportMail({
    to: recipient.email,
    sender: await mailSenderOf(services.db, schedule.serviceprovider_fk),
    clientName: schedule.client_fk ? schedule.client_name : null,
    frequency: schedule.frequency,
    pdf,
    link: schedule.client_fk ? `${base}/client/${schedule.client_fk}/dashboard` : `${base}/provider/${schedule.serviceprovider_fk}/monitoring`,
    unsubscribeUrl: `${base}/user/email-subscription/update?token=${encodeURIComponent(unsubscribeToken(services.config.APP_SECRET, `${job.scheduleId}~${job.userId}`, 'report'))}`,
  });
  await services.mailer.send(message, { providerId: schedule.serviceprovider_fk });
}

export function defineReportScheduleJobs(services: Services): void {
  services.jobs.define<object>({ name: REPORT_SCHEDULE_DUE_JOB, retryLimit: 2, handler: async () => void (await queueDueReports(services)) });
  services.jobs.define<ReportMailJob>({ name: REPORT_MAIL_JOB, retryLimit: 5, handler: (job) => sendScheduledReport(services, job) });
}

export async function scheduleReportJobs(services: Services): Promise<void> {
  await services.jobs.schedule(REPORT_SCHEDULE_DUE_JOB, services.config.REPORT_SCHEDULE_CRON);
}
