import { AccessTokens } from './auth/access-token';
import { findSessionById } from './auth/session-store';
import { loadOrCreateSigningKey } from './auth/signing-keys';
import { BillingService } from './billing/billing-service';
import type { Config } from './config';
import { SecretBox } from './crypto/secret-box';
import type { Db } from './db/database';
import { DomainEvents } from './events/domain-events';
import { registerIoeEvaluation } from './ioe/ioe-evaluation';
import { LiveHub } from './live/live-hub';
import { type OutgoingPolicy } from './http/outgoing';
import { Mailer } from './mail/mailer';
import { defineEntraJobs } from './entra/entra-collection-job';
import { JobQueue } from './jobs/job-queue';

/** Everything a route needs, built once per server instance (no per-instance state beyond caches). */
export interface Services {
  config: Config;
  db: Db;
  secrets: SecretBox;
  tokens: AccessTokens;
  events: DomainEvents;
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
  tokens.checkSessionsWith(async (sessionId) => (await findSessionById(db, sessionId)) !== undefined);
  const outgoing: OutgoingPolicy = { allowInternal: config.OUTGOING_ALLOW_INTERNAL_HOSTS, connectTimeoutMs: config.OUTGOING_CONNECT_TIMEOUT_MS };
  const mailer = new Mailer(config, db, secrets, outgoing);
  const billing = new BillingService(db, config, publicUrl(config));
  const services: Services = {
    config,
    db,
    secrets,
    tokens,
    events: new DomainEvents(),
    live: new LiveHub(db),
    mailer,
    billing,
    outgoing,
    jobs: new JobQueue(db),
  };
  defineEntraJobs(services.jobs, services);
  // Checks run after every stored snapshot, whoever stores it (collector upload, demo seed).
  registerIoeEvaluation(services);
  return services;
}
