import { AccessTokens } from './auth/access-token';
import { lookupSessionAndClient } from './tenancy/guard-lookup';
import { loadOrCreateSigningKey } from './auth/signing-keys';
import { BillingService } from './billing/billing-service';
import { readFileSync } from 'node:fs';
import { type Config, ConfigError } from './config';
import { SecretBox } from './crypto/secret-box';
import type { Db } from './db/database';
import { defineEvaluationJobs, evaluationPlacement } from './ioe/evaluation-jobs';
import { placeAttackPathAnalyses } from './attack-paths/attack-path-service';
import { defineRetentionJobs } from './jobs/retention';
import { defineSnapshotPruneJob } from './snapshots/snapshot-prune-job';
import { LiveHub } from './live/live-hub';
import { type OutgoingPolicy } from './http/outgoing';
import { Mailer } from './mail/mailer';
import { defineEntraJobs } from './entra/entra-collection-job';
import { defineBillingJobs } from './billing/ledger-renewal-job';
import { JobQueue } from './jobs/job-queue';
import { defineAlertJobs } from './alerts/alert-jobs';
import { defineWebhookJobs } from './webhooks/webhook-delivery';
import { defineSiemDeliveryJob } from './siem/siem-delivery';
import { defineSiemEvaluationJob } from './siem/siem-dispatch';
import { defineReportScheduleJobs } from './report-schedules/report-schedule-jobs';
import { defineLicenseCheckJob } from './selfhosted/license-check';

/** Everything a route needs, built once per server instance (no per-instance state beyond caches). */
export interface Services {
  config: Config;
  db: Db;
  secrets: SecretBox;
  tokens: AccessTokens;
  /** Live notices across instances (PostgreSQL LISTEN/NOTIFY) for GraphQL subscriptions. */
  live: LiveHub;
  /** Platform mail, or a provider's own SMTP server when it has one enabled. */
  mailer: Mailer;
  /** Billing API logic: Stripe when configured, else the local ledger. */
  billing: BillingService;
  /** How requests to tenant-chosen hosts are checked (SSRF guard, see http/outgoing). */
  outgoing: OutgoingPolicy;
  /** Background jobs in PostgreSQL (pg-boss); workers run while the app is up (`startJobs`). */
  jobs: JobQueue;
}

export function publicUrl(config: Pick<Config, 'PUBLIC_URL' | 'PORT'>): string {
  return (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, '');
}

export async function createServices(config: Config, db: Db): Promise<Services> {
  const secrets = new SecretBox(config.APP_SECRET, config.APP_SECRET_PREVIOUS?.split(',').map((value) => value.trim()) ?? []);
  const key = await loadOrCreateSigningKey(db, secrets);
  const tokens = new AccessTokens(key, publicUrl(config));
  // The tenant guard's prepared statement: the same rule, parsed and planned once per connection (GraphQL, WebSocket).
  tokens.checkSessionsWith(async (sessionId) => (await lookupSessionAndClient(db, sessionId, undefined)).sessionActive);
  const outgoing: OutgoingPolicy = {
    allowInternal: config.OUTGOING_ALLOW_INTERNAL_HOSTS,
    connectTimeoutMs: config.OUTGOING_CONNECT_TIMEOUT_MS,
    ...(config.OUTGOING_EXTRA_CA_FILE ? { extraCaPem: readExtraCa(config.OUTGOING_EXTRA_CA_FILE) } : {}),
  };
  const mailer = new Mailer(config, db, secrets, outgoing);
  const billing = new BillingService(db, config, publicUrl(config));
  const services: Services = {
    config,
    db,
    secrets,
    tokens,
    live: new LiveHub(db),
    mailer,
    billing,
    outgoing,
    jobs: new JobQueue(db),
  };
  defineEntraJobs(services.jobs, services);
  // Checks and attack detectors run as jobs that uploads queue in the transaction that stores their data.
  defineEvaluationJobs(services.jobs, services);
  // The attack paths of a large domain are analysed in a worker thread, as its checks are.
  placeAttackPathAnalyses(evaluationPlacement(config));
  // A committed snapshot queues the removal of the object rows it superseded.
  defineSnapshotPruneJob(services.jobs, services);
  defineAlertJobs(services);
  defineWebhookJobs(services);
  defineSiemEvaluationJob(services);
  defineSiemDeliveryJob(services);
  defineReportScheduleJobs(services);
  defineRetentionJobs(services.jobs, {
    db,
    policy: { snapshotsKept: config.RETENTION_SNAPSHOTS, changeMonths: config.RETENTION_MONTHS, collectorLogDays: config.RETENTION_COLLECTOR_LOG_DAYS },
  });
  defineBillingJobs(services.jobs, services);
  // Self-hosted installations with a licence configuration check it with the SaaS (selfhosted/license-check.ts).
  defineLicenseCheckJob(services.jobs, services);
  return services;
}

/** The extra CA file of OUTGOING_EXTRA_CA_FILE; a missing or non-PEM file stops start-up naming the variable. */
function readExtraCa(file: string): string {
  let pem: string;
  try {
    pem = readFileSync(file, 'utf8');
  } catch {
    throw new ConfigError(`Invalid configuration – OUTGOING_EXTRA_CA_FILE: cannot read ${file}`);
  }
  if (!pem.includes('-----BEGIN CERTIFICATE-----')) throw new ConfigError(`Invalid configuration – OUTGOING_EXTRA_CA_FILE: ${file} holds no PEM certificate`);
  return pem;
}
