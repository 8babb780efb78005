import { AccessTokens } from './auth/access-token';
import { loadOrCreateSigningKey } from './auth/signing-keys';
import { BillingService } from './billing/billing-service';
import type { Config } from './config';
import { SecretBox } from './crypto/secret-box';
import type { Db } from './db/database';
import { DomainEvents } from './events/domain-events';
import { registerIoeEvaluation } from './ioe/ioe-evaluation';
import { LiveHub } from './live/live-hub';
import { Mailer } from './mail/mailer';

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
}

export function publicUrl(config: Pick<Config, 'PUBLIC_URL' | 'PORT'>): string {
  return (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, '');
}

export async function createServices(config: Config, db: Db): Promise<Services> {
  const secrets = new SecretBox(config.APP_SECRET);
  const key = await loadOrCreateSigningKey(db, secrets);
  const tokens = new AccessTokens(key, publicUrl(config));
  const mailer = new Mailer(config, db, secrets);
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
  };
  // Checks run after every stored snapshot, whoever stores it (collector upload, demo seed).
  registerIoeEvaluation(services);
  return services;
}
