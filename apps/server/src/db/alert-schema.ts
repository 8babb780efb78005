import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T> = ColumnType<T, string, string>;

export type AlertTrigger = 'finding' | 'score' | 'ioa' | 'collector' | 'license';
export type AlertSeverity = 'critical' | 'high' | 'medium' | 'low' | 'info';
export type WebhookKind = 'json' | 'teams' | 'slack';

export interface AlertRuleTable {
  alert_rule_id_pk: Generated<string>;
  serviceprovider_fk: string;
  client_fk: string | null;
  name: string;
  trigger: AlertTrigger;
  min_severity: AlertSeverity | null;
  score_drop: number | null;
  below_grade: string | null;
  delivery: Generated<'immediate' | 'digest'>;
  recipient_user_ids: ColumnType<string[], string[] | undefined, string[]>;
  webhook_ids: ColumnType<string[], string[] | undefined, string[]>;
  created_at: Generated<Date>;
}

export interface AlertSentTable {
  alert_rule_fk: string;
  channel: string;
  dedupe_key: string;
  created_at: Generated<Date>;
}

export interface AlertDigestItemTable {
  alert_digest_item_id_pk: Generated<string>;
  user_fk: string;
  serviceprovider_fk: string;
  alert: Json<unknown>;
  created_at: Generated<Date>;
  sent_at: NullableTimestamp;
}

export interface WebhookEndpointTable {
  webhook_id_pk: Generated<string>;
  serviceprovider_fk: string;
  name: string;
  kind: WebhookKind;
  url: string;
  secret_sealed: string;
  created_at: Generated<Date>;
}

export interface WebhookDeliveryTable {
  webhook_delivery_id_pk: Generated<string>;
  webhook_fk: string;
  event: string;
  payload: Json<unknown>;
  status: Generated<'pending' | 'delivered' | 'failed'>;
  attempts: Generated<number>;
  last_status_code: number | null;
  last_response: string | null;
  last_error: string | null;
  created_at: Generated<Date>;
  updated_at: Timestamp;
}

/** Global tables of alerts and webhooks (migration 0160). */
export interface AlertTables {
  alert_rule: AlertRuleTable;
  alert_sent: AlertSentTable;
  alert_digest_item: AlertDigestItemTable;
  webhook_endpoint: WebhookEndpointTable;
  webhook_delivery: WebhookDeliveryTable;
}

export type SiemTransport = 'tcp' | 'tls';
export type SiemFormat = 'cef' | 'json';

export interface SiemDestinationTable {
  serviceprovider_fk: string;
  host: string;
  port: number;
  transport: SiemTransport;
  format: SiemFormat;
  ca_certificate: string | null;
  created_at: Generated<Date>;
  updated_at: Timestamp;
}

export interface SiemSentTable {
  serviceprovider_fk: string;
  dedupe_key: string;
  created_at: Generated<Date>;
}

export interface SiemDeliveryTable {
  siem_delivery_id_pk: Generated<string>;
  serviceprovider_fk: string;
  event: 'test' | 'ioa' | 'finding';
  payload: Json<unknown>;
  status: Generated<'pending' | 'delivered' | 'failed'>;
  attempts: Generated<number>;
  last_error: string | null;
  created_at: Generated<Date>;
  updated_at: Timestamp;
}

export interface ReportScheduleTable {
  report_schedule_id_pk: Generated<string>;
  serviceprovider_fk: string;
  client_fk: string | null;
  frequency: 'weekly' | 'monthly';
  recipient_user_ids: ColumnType<string[], string[], string[]>;
  last_period: string | null;
  last_sent_at: NullableTimestamp;
  created_at: Generated<Date>;
}

/** Global tables of the SIEM feed and scheduled reports (migration 0230). */
export interface SiemReportTables {
  siem_destination: SiemDestinationTable;
  siem_sent: SiemSentTable;
  siem_delivery: SiemDeliveryTable;
  report_schedule: ReportScheduleTable;
}
