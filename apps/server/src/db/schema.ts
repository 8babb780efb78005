import type { ColumnType, Generated } from 'kysely';
import type { AlertTables, SiemReportTables } from './alert-schema';
import type { SaasTables } from './saas-schema';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface ServiceproviderTable {
  serviceprovider_id_pk: Generated<string>;
  serviceprovider_name: string;
  serviceprovider_address: string | null;
  serviceprovider_stripe_customer_id: string | null;
  free_seats: Generated<number>;
  subscription_status: Generated<string>;
  license_mode: Generated<string>;
  whitelabel_company_name: string | null;
  whitelabel_email: string | null;
  whitelabel_phone: string | null;
  whitelabel_is_active: Generated<boolean>;
  quickcheck_origin: string | null;
  quickcheck_privacy: string | null;
  is_created_by_reseller: Generated<boolean>;
  reseller_fk: string | null;
  reseller_invoiced: Generated<boolean>;
  whitelabel_logo: Buffer | null;
  whitelabel_logo_type: string | null;
  created_at: Timestamp;
}

export type ClientMode = 'monitoring' | 'audit' | 'quickcheck';

export interface ClientTable {
  client_id_pk: Generated<string>;
  serviceprovider_fk: string;
  client_name: string;
  client_address: string | null;
  client_mode: Generated<ClientMode>;
  client_initialized: Generated<boolean>;
  client_billing_cycle: Generated<'monthly' | 'yearly'>;
  client_subscription_end: NullableTimestamp;
  client_reported_employee_count: number | null;
  // numeric comes back from pg as a string; callers convert.
  client_security_score: ColumnType<string | null, number | null | undefined, number | null>;
  client_internal_ad: Generated<boolean>;
  client_admin_email: string | null;
  client_emergency_contact_name: string | null;
  client_emergency_contact_phone: string | null;
  client_company: string | null;
  created_at: Timestamp;
}

export interface ClientLicenseTable {
  client_fk: string;
  employee_count: number;
  free_seats: Generated<number>;
  subscription_status: Generated<string>;
  current_period_end: NullableTimestamp;
  mode: Generated<string>;
}

export interface AppUserTable {
  user_id_pk: Generated<string>;
  email: string;
  first_name: Generated<string>;
  last_name: Generated<string>;
  password_hash: string | null;
  roles: Generated<string[]>;
  required_actions: Generated<string[]>;
  notify_alert: Generated<boolean>;
  notify_quickcheck: Generated<boolean>;
  notify_info: Generated<boolean>;
  created_at: Timestamp;
}

export interface MembershipTable {
  user_fk: string;
  serviceprovider_fk: string | null;
  client_fk: string | null;
}

export interface AuthSigningKeyTable {
  kid: string;
  private_jwk_sealed: string;
  public_jwk: ColumnType<Record<string, unknown>, string, string>;
  created_at: Timestamp;
}

export interface OidcPayloadTable {
  model: string;
  id: string;
  payload: ColumnType<Record<string, unknown>, string, string>;
  grant_id: string | null;
  user_code: string | null;
  uid: string | null;
  expires_at: NullableTimestamp;
  consumed_at: NullableTimestamp;
}

export interface AuthSessionTable {
  session_hash: string;
  user_fk: string;
  id_token: string | null;
  refresh_token_sealed: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  ended_at: NullableTimestamp;
}

export interface ConsentRecordTable {
  consent_record_id_pk: Generated<string>;
  consent_id: string;
  accept_type: 'all' | 'necessary' | 'custom';
  accepted_categories: string[];
  rejected_categories: string[];
  created_at: Timestamp;
}

export interface ServiceproviderEmailSettingsTable {
  serviceprovider_fk: string;
  enabled: Generated<boolean>;
  host: string | null;
  port: number | null;
  secure: Generated<boolean>;
  auth_method: Generated<'basic' | 'oauth2' | 'none'>;
  basic_user: string | null;
  basic_password_sealed: string | null;
  oauth2_tenant_id: string | null;
  oauth2_client_id: string | null;
  oauth2_client_secret_sealed: string | null;
  oauth2_token_url: string | null;
  oauth2_scope: string | null;
  oauth2_access_token_sealed: string | null;
  from_name: string | null;
  from_address: string | null;
  template1_html: string | null;
  template2_html: string | null;
  subject1: string | null;
  subject2: string | null;
  updated_at: Timestamp;
}

export interface UserActionTokenTable {
  token_hash: string;
  user_fk: string;
  purpose: 'set-password';
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface QuickcheckDownloadTokenTable {
  token_hash: string;
  client_fk: string;
  expires_at: Timestamp;
  created_at: Timestamp;
}

export interface PlatformSettingTable {
  key: string;
  value: ColumnType<unknown, string, string>;
  updated_at: Timestamp;
}

export interface BillingCustomerTable {
  serviceprovider_fk: string;
  customer_id: string;
  email: string | null;
  created_at: Timestamp;
}

export interface BillingSubscriptionTable {
  subscription_id: string;
  serviceprovider_fk: string;
  client_fk: string | null;
  status: Generated<string>;
  billing_cycle: 'monthly' | 'yearly';
  employee_count: number;
  amount_eur: number | null;
  current_period_end: Timestamp;
  cancel_at_period_end: Generated<boolean>;
  created_at: Timestamp;
}

export interface BillingInvoiceTable {
  invoice_id: string;
  serviceprovider_fk: string;
  client_fk: string | null;
  kind: 'audit' | 'subscription';
  amount_eur: number;
  status: Generated<string>;
  created_at: Timestamp;
}

export interface BillingPaymentMethodTable {
  payment_method_id: string;
  serviceprovider_fk: string;
  kind: string;
  label: string;
  created_at: Timestamp;
}

export interface BillingWebhookEventTable {
  event_id: string;
  event_type: string;
  received_at: Timestamp;
}

export interface CollectorKeyTable {
  collector_key_id_pk: Generated<string>;
  client_fk: string;
  key_hash: string;
  key_prefix: string;
  machine_code: string | null;
  activated_at: NullableTimestamp;
  last_used_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
  created_at: Generated<Timestamp>;
  issued_by_user_fk: string | null;
}

export interface ApiTokenTable {
  api_token_id_pk: Generated<string>;
  kind: 'personal' | 'serviceprovider';
  user_fk: string | null;
  serviceprovider_fk: string | null;
  created_by_email: string;
  name: string;
  token_prefix: string;
  token_hash: string;
  scopes: string[];
  expires_at: NullableTimestamp;
  created_at: Timestamp;
  last_used_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
}

export interface IoaEventIndexTable {
  client_fk: string;
  ioa_event_fk: string;
  detector: string;
  severity: 'critical' | 'high' | 'medium' | 'low' | 'info';
  title: string;
  distinguished_name: string;
  occurred_at: Timestamp;
}

/** A copy of each client's status_collector, kept by a trigger (global migration 0121, client migration 0120). */
export interface ClientCollectorStatusTable {
  client_fk: string;
  last_data_at: Timestamp | null;
  last_replication_at: Timestamp | null;
  updated_at: Timestamp;
}

/** A copy of each client's score_history, kept by a trigger (global and client migration 0290). */
export interface ClientScoreHistoryTable {
  client_fk: string;
  score_history_fk: string;
  score: number;
  open_critical_findings: number | null;
  computed_at: Timestamp;
}

/** Global tables in the public schema. */
export interface GlobalDatabase extends AlertTables, SiemReportTables, SaasTables {
  client_collector_status: ClientCollectorStatusTable;
  client_score_history: ClientScoreHistoryTable;
  serviceprovider: ServiceproviderTable;
  client: ClientTable;
  client_license: ClientLicenseTable;
  app_user: AppUserTable;
  membership: MembershipTable;
  auth_signing_key: AuthSigningKeyTable;
  oidc_payload: OidcPayloadTable;
  auth_session: AuthSessionTable;
  consent_record: ConsentRecordTable;
  ioa_event_index: IoaEventIndexTable;
  collector_key: CollectorKeyTable;
  api_token: ApiTokenTable;
  serviceprovider_email_settings: ServiceproviderEmailSettingsTable;
  user_action_token: UserActionTokenTable;
  platform_setting: PlatformSettingTable;
  quickcheck_download_token: QuickcheckDownloadTokenTable;
  billing_customer: BillingCustomerTable;
  billing_subscription: BillingSubscriptionTable;
  billing_invoice: BillingInvoiceTable;
  billing_payment_method: BillingPaymentMethodTable;
  billing_webhook_event: BillingWebhookEventTable;
  client_entra: ClientEntraTable;
  rate_limit_hit: RateLimitHitTable;
  sign_in_failure: SignInFailureTable;
  selfhosted_license: SelfhostedLicenseTable;
  selfhosted_license_state: SelfhostedLicenseStateTable;
}

/** SaaS side: the licence of one self-hosted installation (global migration 0200). */
export interface SelfhostedLicenseTable {
  selfhosted_id_pk: Generated<string>;
  name: string;
  key_hash: string;
  key_prefix: string;
  seats: number;
  period_start: Timestamp;
  period_end: Timestamp;
  status: Generated<'active' | 'suspended' | 'canceled'>;
  created_at: Timestamp;
  last_heartbeat_at: NullableTimestamp;
  last_validated_at: NullableTimestamp;
  reported_version: string | null;
  reported_client_count: number | null;
  reported_seats_used: number | null;
  reported_user_count: number | null;
}

/** Self-hosted side: the installation's last licence check, one row (global migration 0200). */
export interface SelfhostedLicenseStateTable {
  singleton: Generated<boolean>;
  selfhosted_uuid: string;
  first_check_at: Timestamp;
  last_attempt_at: NullableTimestamp;
  last_success_at: NullableTimestamp;
  last_error: string | null;
  license_status: 'active' | 'suspended' | 'canceled' | null;
  seats: number | null;
  period_start: NullableTimestamp;
  valid_until: NullableTimestamp;
}

export interface RateLimitHitTable {
  key: string;
  count: number;
  reset_at: Timestamp;
}

export interface SignInFailureTable {
  account: string;
  failures: number;
  locked_until: Timestamp | null;
  last_failure_at: Timestamp;
}

/** Entra ID connection of a client; *_sealed columns hold SecretBox ciphertext only. */
export interface ClientEntraTable {
  client_fk: string;
  application_id: string | null;
  tenant_id: string | null;
  cert_password_sealed: string | null;
  private_key_sealed: string | null;
  certificate_pem: string | null;
  status: ColumnType<EntraStatus, EntraStatus | undefined, EntraStatus>;
  status_message: string | null;
  validated_at: NullableTimestamp;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  collected_at: NullableTimestamp;
  collection_status: 'ok' | 'failed' | null;
  collection_message: string | null;
}

export type EntraStatus = 'unvalidated' | 'valid' | 'invalid';

export interface StatusCollectorTable {
  status_collector_id_pk: Generated<number>;
  version: string | null;
  last_data_at: NullableTimestamp;
  last_replication_at: NullableTimestamp;
  cloud_last_replication_at: NullableTimestamp;
  initial_scan_status: ColumnType<string | null, string | null | undefined, string | null>;
  initial_scan_at: NullableTimestamp;
  full_collection_requested_at: NullableTimestamp;
  /** Hours between two full collections (client setting, 1–168, default 6; migration 0250). */
  full_collection_interval_hours: Generated<number>;
  /** Stores that asked for an evaluation (counter) and the count the last finished evaluation started from. */
  evaluation_requested: ColumnType<string, never, string | number>;
  evaluation_done: ColumnType<string, never, string | number>;
  /** The data (AD and Entra snapshot ids) of the current Prüfung, its time and the previous one's (migration 0241). */
  check_data_key: ColumnType<string | null, string | null | undefined, string | null>;
  current_check_at: NullableTimestamp;
  previous_check_at: NullableTimestamp;
  /** A change-driven evaluation is queued and has not started (migration 0260). */
  change_evaluation_queued_at: NullableTimestamp;
  updated_at: Timestamp;
}

export interface DomainTable {
  domain_id_pk: Generated<string>;
  domain_name: string;
  domain_distinguished_name: string | null;
  domain_object_guid: string | null;
  domain_entra_plan: string | null;
  created_at: Timestamp;
}

export interface SnapshotTable {
  snapshot_id_pk: Generated<string>;
  batch_id: string;
  collected_at: Timestamp;
  collector_version: string;
  highest_usn: ColumnType<string, number | string, number | string>;
  /** The snapshot's head (its per-object lists are rows of directory_object; older rows may still hold them). */
  data: ColumnType<unknown, string, string>;
  /** 'receiving' while an upload in parts is open (migration 0300). */
  state: ColumnType<'receiving' | 'complete', 'receiving' | 'complete' | undefined, 'receiving' | 'complete'>;
  /** Objects per list at commit, e.g. {"users": 700000, …}. */
  object_counts: ColumnType<Record<string, number> | null, string | null | undefined, string | null>;
  committed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** When a change batch last changed this snapshot's objects or head (migration 0301). */
  changes_applied_at: NullableTimestamp;
  /** USN of the changes behind the domain head a change batch laid over the stored one; null: as collected. */
  domain_usn: ColumnType<string | null, number | string | null | undefined, number | string | null>;
  created_at: Timestamp;
}

/** One received part of a snapshot upload (migration 0300). */
export interface SnapshotPartTable {
  snapshot_fk: string;
  part_no: number;
  object_count: number;
  received_at: Generated<Date>;
}

/** One directory object of the current snapshot or of an upload being received (migration 0300). */
export interface DirectoryObjectTable {
  snapshot_fk: string;
  object_guid: string;
  kind: string;
  distinguished_name: string;
  name: string;
  sam_account_name: string | null;
  object_sid: string | null;
  usn_changed: ColumnType<string, number | string | undefined, number | string>;
  part_no: number;
  seq: ColumnType<string, number | string, number | string>;
  updated_at: Generated<Date>;
  data: ColumnType<unknown, string, string>;
}

/** One Entra ID collection (`entraSnapshotSchema` as jsonb). */
export interface EntraSnapshotTable {
  entra_snapshot_id_pk: Generated<string>;
  collected_at: Timestamp;
  data: ColumnType<unknown, string, string>;
  created_at: Generated<Timestamp>;
}

export interface LicenseEventTable {
  license_event_id_pk: Generated<string>;
  kind: 'employee-count' | 'cancel';
  employee_count: number | null;
  actor_user_fk: string | null;
  created_at: Timestamp;
}

export interface ChangeTable {
  rep_id_pk: Generated<string>;
  object_guid: string;
  object_class: string;
  distinguished_name: string;
  property_name: string;
  old_value: string | null;
  new_value: string | null;
  timestamp: ColumnType<Date, Date | string, Date | string>;
  usn: ColumnType<string, number | string, number | string>;
  computer_fk: string | null;
  group_fk: string | null;
  user_fk: string | null;
  domains_object_guid_fk: string | null;
  is_ioa: Generated<boolean>;
  is_ioe: Generated<boolean>;
  /** 'ad' (collector) or 'entra' (differences between two Entra collections). */
  directory: Generated<'ad' | 'entra'>;
  /** Replication metadata of the change (migration 0251): originating DC (NTDS Settings DN) and attribute version. */
  originating_dsa: ColumnType<string | null, string | null | undefined, string | null>;
  attribute_version: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: Timestamp;
}

export interface IoeTable {
  ioe_id_pk: Generated<string>;
  ioe_type: string;
  criticality_override: 'critical' | 'high' | 'medium' | 'low' | null;
  thresholds: ColumnType<Record<string, number>, string | undefined, string>;
  is_disabled: Generated<boolean>;
  disabled_reason: string | null;
  disabled_comment: string | null;
  disabled_user_uid: string | null;
  disabled_at: NullableTimestamp;
  skipped_reason: string | null;
  total_findings_count: Generated<number>;
  last_evaluated_at: NullableTimestamp;
  last_snapshot_fk: ColumnType<string | null, number | string | null | undefined, number | string | null>;
}

export interface FindingTable {
  finding_id_pk: Generated<string>;
  ioe_fk: string;
  object_key: string;
  object_type: string;
  object_name: string;
  distinguished_name: string | null;
  evidence: string;
  first_seen_at: Timestamp;
}

export interface FindingExceptionTable {
  exception_id_pk: Generated<string>;
  ioe_fk: string;
  object_key: string;
  object_name: string;
  reason: string;
  comment: string | null;
  created_by_user_uid: string | null;
  created_by_email: string | null;
  expires_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface ScoreHistoryTable {
  score_history_id_pk: Generated<string>;
  snapshot_fk: ColumnType<string | null, number | string | null | undefined, number | string | null>;
  score: number;
  grade: string;
  open_findings: number;
  /** Open findings of checks with critical criticality (null for points before client migration 0290). */
  open_critical_findings: ColumnType<number | null, number | null | undefined, number | null>;
  computed_at: Timestamp;
}

export interface IoaEventTable {
  ioa_event_id_pk: Generated<string>;
  change_fk: string;
  detector: string;
  severity: 'critical' | 'high' | 'medium' | 'low' | 'info';
  title: string;
  evidence: ColumnType<Record<string, unknown>, string, string>;
  object_guid: string;
  distinguished_name: string;
  occurred_at: Timestamp;
  created_at: Generated<Timestamp>;
}

export interface IoaSettingTable {
  detector: string;
  enabled: boolean;
  allowlist: string[];
  thresholds: ColumnType<Record<string, number>, string, string>;
  updated_at: Generated<Timestamp>;
}

export interface CollectorLogTable {
  collector_log_id_pk: Generated<string>;
  log_name: string;
  content: string;
  received_at: Generated<Timestamp>;
}

export interface FindingResolvedTable {
  ioe_fk: string;
  object_key: string;
  object_type: string;
  object_name: string;
  distinguished_name: string | null;
  first_seen_at: Timestamp;
  resolved_at: Timestamp;
}

export interface Tier0ExtraTable {
  object_key: string;
  object_name: string;
  object_kind: string;
  distinguished_name: string | null;
  added_by_email: string | null;
  added_at: Timestamp;
}

/** Tables inside one client's own schema (reach them with `db.withSchema(clientSchemaName(id))`). */
export interface ClientDatabase {
  status_collector: StatusCollectorTable;
  domain: DomainTable;
  snapshot: SnapshotTable;
  snapshot_part: SnapshotPartTable;
  directory_object: DirectoryObjectTable;
  entra_snapshot: EntraSnapshotTable;
  change: ChangeTable;
  ioe: IoeTable;
  finding: FindingTable;
  finding_exception: FindingExceptionTable;
  finding_resolved: FindingResolvedTable;
  score_history: ScoreHistoryTable;
  ioa_event: IoaEventTable;
  ioa_setting: IoaSettingTable;
  collector_log: CollectorLogTable;
  license_event: LicenseEventTable;
  tier0_extra: Tier0ExtraTable;
}

export type Database = GlobalDatabase & ClientDatabase;
