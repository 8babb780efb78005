import type { AlertRecipient } from '@burgwall/shared';
import { sql } from 'kysely';
import type { Db } from '../db/database';

/** Users who may receive a provider's alerts: its team, and the users of its clients (of one client when given). */
export async function alertRecipients(db: Db, providerId: string, clientId: string | null = null): Promise<AlertRecipient[]> {
  const rows = await db
    .selectFrom('membership')
    .innerJoin('app_user', 'app_user.user_id_pk', 'membership.user_fk')
    .leftJoin('client', 'client.client_id_pk', 'membership.client_fk')
    .select(['app_user.user_id_pk', 'app_user.first_name', 'app_user.last_name', 'app_user.email', 'app_user.notify_alert', 'client.client_id_pk', 'client.client_name'])
    .where((eb) =>
      eb.or([
        eb('membership.serviceprovider_fk', '=', providerId),
        clientId ? eb('membership.client_fk', '=', clientId) : eb('client.serviceprovider_fk', '=', providerId),
      ]),
    )
    .where(sql<boolean>`(client.client_id_pk IS NULL OR client.serviceprovider_fk = ${providerId})`)
    .orderBy('client.client_name', 'asc')
    .orderBy('app_user.email')
    .execute();
  return rows.map((row) => ({
    userId: row.user_id_pk,
    name: `${row.first_name} ${row.last_name}`.trim() || row.email,
    email: row.email,
    clientId: row.client_id_pk,
    clientName: row.client_name,
    alertsEnabled: row.notify_alert,
  }));
}

/** The recipient as mails need them, or null when the user no longer may (left the team) or wants no alert mails. */
export async function activeRecipient(db: Db, userId: string, providerId: string, clientId: string | null) {
  const recipient = (await alertRecipients(db, providerId, clientId)).find((entry) => entry.userId === userId);
  return recipient?.alertsEnabled ? recipient : null;
}
