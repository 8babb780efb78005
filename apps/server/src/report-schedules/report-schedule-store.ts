import type { ReportSchedule, reportScheduleBodySchema } from '@burgwall/shared';
import type { z } from 'zod';
import { alertRecipients } from '../alerts/alert-recipients';
import type { Db } from '../db/database';
import { badRequest } from '../http/problem';
import { nextPeriodStart, reportPeriod } from './report-period';

export type ReportScheduleInput = z.output<typeof reportScheduleBodySchema>;

/**
 * Who may receive a schedule's report: for a client's report the provider's team and that client's users; the
 * summary shows every client, so only the provider's team.
 */
export async function allowedReportRecipients(db: Db, providerId: string, clientId: string | null) {
  const all = await alertRecipients(db, providerId, clientId);
  return clientId ? all : all.filter((recipient) => recipient.clientId === null);
}

export async function listReportSchedules(db: Db, providerId: string, now = new Date()): Promise<ReportSchedule[]> {
  const rows = await db
    .selectFrom('report_schedule')
    .leftJoin('client', 'client.client_id_pk', 'report_schedule.client_fk')
    .selectAll('report_schedule')
    .select('client.client_name')
    .where('report_schedule.serviceprovider_fk', '=', providerId)
    .orderBy('client.client_name', (ob) => ob.asc().nullsFirst())
    .execute();
  return rows.map((row) => ({
    id: row.report_schedule_id_pk,
    clientId: row.client_fk,
    clientName: row.client_name,
    frequency: row.frequency,
    recipientUserIds: row.recipient_user_ids,
    lastSentAt: row.last_sent_at?.toISOString() ?? null,
    // Sent (or set up) in this period: at the start of the next one; otherwise with the next daily run.
    nextSendOn: row.last_period === reportPeriod(row.frequency, now) ? nextPeriodStart(row.frequency, now) : now.toISOString().slice(0, 10),
    createdAt: row.created_at.toISOString(),
  }));
}

/**
 * Creates or replaces the schedule of a client's report (or of the summary). The current period counts as done, so
 * the first report goes out at the start of the next one (a Monday or the 1st).
 */
export async function saveReportSchedule(db: Db, providerId: string, input: ReportScheduleInput, now = new Date()): Promise<string> {
  if (input.clientId) {
    const client = await db.selectFrom('client').select('client_id_pk').where('client_id_pk', '=', input.clientId).where('serviceprovider_fk', '=', providerId).executeTakeFirst();
    if (!client) throw badRequest('Der Kunde wurde nicht gefunden.', [{ path: 'body.clientId', message: 'Der Kunde wurde nicht gefunden.' }]);
  }
  const allowed = new Set((await allowedReportRecipients(db, providerId, input.clientId)).map((recipient) => recipient.userId));
  if (input.recipientUserIds.some((userId) => !allowed.has(userId))) {
    const message = input.clientId
      ? 'Empfänger können nur Mitglieder Ihres Teams oder Benutzer dieses Kunden sein.'
      : 'Den Übersichtsbericht können nur Mitglieder Ihres Teams erhalten.';
    throw badRequest(message, [{ path: 'body.recipientUserIds', message }]);
  }
  const values = {
    frequency: input.frequency,
    recipient_user_ids: [...new Set(input.recipientUserIds)],
    last_period: reportPeriod(input.frequency, now),
  };
  const row = await db
    .insertInto('report_schedule')
    .values({ serviceprovider_fk: providerId, client_fk: input.clientId, ...values })
    .onConflict((oc) => oc.columns(['serviceprovider_fk', 'client_fk']).doUpdateSet(values))
    .returning('report_schedule_id_pk')
    .executeTakeFirstOrThrow();
  return row.report_schedule_id_pk;
}

export async function deleteReportSchedule(db: Db, providerId: string, scheduleId: string): Promise<boolean> {
  const result = await db.deleteFrom('report_schedule').where('report_schedule_id_pk', '=', scheduleId).where('serviceprovider_fk', '=', providerId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
