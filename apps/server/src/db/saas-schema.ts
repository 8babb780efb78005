import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface SupportTicketTable {
  support_ticket_id_pk: Generated<string>;
  ticket_number: ColumnType<string, never, never>;
  user_fk: string | null;
  reporter_email: string;
  reporter_role: string;
  serviceprovider_fk: string | null;
  client_fk: string | null;
  category: string;
  subject: string;
  message: string;
  mail_delivered: Generated<boolean>;
  created_at: Generated<Date>;
}

export interface MailingContactTable {
  mailing_contact_id_pk: Generated<string>;
  email: string;
  first_name: string | null;
  last_name: string | null;
  company: string | null;
  created_at: Generated<Date>;
  updated_at: Timestamp;
}

export interface MailingListMemberTable {
  mailing_contact_fk: string;
  list: string;
  source: string;
  consent_at: NullableTimestamp;
  added_at: Generated<Date>;
}

export interface MailingOptOutTable {
  mailing_contact_fk: string;
  list: string;
  opted_out_at: Generated<Date>;
}

/** Global tables of the SaaS services and mailing lists (migration 0210). */
export interface SaasTables {
  support_ticket: SupportTicketTable;
  mailing_contact: MailingContactTable;
  mailing_list_member: MailingListMemberTable;
  mailing_opt_out: MailingOptOutTable;
}
