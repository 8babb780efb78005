import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { REPO_ROOT } from './paths';

const booleanFromEnv = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

export const APP_ENVS = ['next', 'dev', 'demo', 'prod', 'selfhosted'] as const;
export type AppEnv = (typeof APP_ENVS)[number];

export const DEVELOPMENT_SECRET = 'burgwall-development-secret-change-me';
/** Service API key accepted only with APP_ENV=dev when SERVICE_API_KEY is unset. */
export const DEVELOPMENT_SERVICE_API_KEY = 'burgwall-development-service-key';

const configSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65_535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  /**
   * Connections of this instance's pool (every instance has its own; keep the sum below PostgreSQL's max_connections).
   * 8 or more recommended: an evaluation holds its client's run lock on a connection of its own while it works on
   * others, and the snapshot prune and retention jobs wait for that lock inside a transaction.
   */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(500).default(10),
  /** Client schemas migrated at once after an upgrade (each in its own transaction and connection; below the pool size). */
  MIGRATION_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  DATA_DIR: z.string().min(1).default(path.join(REPO_ROOT, 'data')),
  EMBEDDED_POSTGRES_PORT: z.coerce.number().int().min(1).max(65_535).default(54_329),
  SEED_DEMO: booleanFromEnv.default(true),
  WEB_DIST: z.string().min(1).default(path.join(REPO_ROOT, 'apps/web/dist')),
  PUBLIC_URL: z.url().optional(),
  /**
   * Encrypts secrets at rest and derives the identity provider's keys; every instance of one installation needs the
   * same value. Unset: see `resolveAppSecret` (never the public development value outside APP_ENV=dev).
   */
  APP_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  /** The APP_SECRET before a rotation: values sealed under it stay readable (comma-separated for several). */
  APP_SECRET_PREVIOUS: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Deployment kind; the web checks the user's next_user/demo_user flags against it (SPEC §5). */
  APP_ENV: z.enum(APP_ENVS).default('selfhosted'),
  /** External OpenID Connect issuer (e.g. Keycloak realm URL); unset = the embedded provider under /oidc. */
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  /** Story JSON files (stories/) and images (assets/) of the embedded content service. */
  CONTENT_DIR: z.string().min(1).default(path.join(REPO_ROOT, 'apps/server/content')),
  /** Public (published-only) token of the content API; it ships to browsers, so it is no secret. */
  CONTENT_PUBLIC_TOKEN: z.string().min(8).default('burgwall-public-content'),
  /** Preview token that may read drafts; without it, version=draft is refused. */
  CONTENT_PREVIEW_TOKEN: z.string().min(16).optional(),
  /**
   * API key of service calls such as POST /services/ioe/data-change (sent as the Authorization value).
   * Unset: only APP_ENV=dev accepts the development key below; elsewhere such calls are refused.
   */
  SERVICE_API_KEY: z.string().min(24, 'must be at least 24 characters').optional(),
  /** The platform's own mail server, e.g. smtp://user:pass@mail.example.de:587 (unset: mails are only logged). */
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL').optional(),
  MAIL_FROM: z.string().min(3).default('Burgwall <no-reply@burgwall.local>'),
  /** The support mailbox that tickets of „Support kontaktieren“ (POST /saas/services/ticket) are mailed to. */
  SUPPORT_EMAIL: z.email().default('support@burgwall.de'),
  /**
   * Hosts a tenant chooses (providers' SMTP servers, OAuth2 token URLs, webhooks) may be internal addresses: for a
   * self-hosted installation whose mail relay sits in its own network, and for tests. Off by default.
   */
  OUTGOING_ALLOW_INTERNAL_HOSTS: booleanFromEnv.default(false),
  /** Connect timeout for tenant-chosen hosts; every failed connection answers after this long (no port-scan timing). */
  OUTGOING_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /** Daily alert digest (cron, UTC): rules with „Tägliche Zusammenfassung“ are mailed grouped per user. */
  ALERT_DIGEST_CRON: z.string().min(9).default('0 6 * * *'),
  /** How often collector health and licences are checked for alert rules (cron, UTC). */
  ALERT_HEALTH_CRON: z.string().min(9).default('*/15 * * * *'),
  /** When due scheduled reports are mailed (cron, UTC): weekly ones from Monday, monthly ones from the 1st, once per period. */
  REPORT_SCHEDULE_CRON: z.string().min(9).default('0 5 * * *'),
  /** First retry of a failed webhook delivery after this many seconds, then doubling (pg-boss backoff), 5 retries. */
  WEBHOOK_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /**
   * PEM file of further certificate authorities that outgoing HTTPS requests (Entra ID, Microsoft Graph, tenant hosts)
   * trust besides Node's built-in ones: a TLS-inspecting proxy of a self-hosted installation; the tests' fake Entra ID.
   */
  OUTGOING_EXTRA_CA_FILE: z.string().min(1).optional(),
  /** Billing through Stripe when both are set; otherwise the local ledger (webhook verified with STRIPE_WEBHOOK_SECRET). */
  STRIPE_SECRET_KEY: z.string().min(8).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(8).optional(),
  /** Another Stripe API base (e.g. http://127.0.0.1:12111 for a local Stripe mock); default Stripe's own. */
  STRIPE_API_URL: z.url().optional(),
  /** Entra ID token endpoint base: {ENTRA_AUTHORITY_URL}/{tenantId}/oauth2/v2.0/token. */
  ENTRA_AUTHORITY_URL: z.url().default('https://login.microsoftonline.com'),
  /** Microsoft Graph base for the admin Graph explorer: {GRAPH_BASE_URL}/{apiVersion}{url}. */
  GRAPH_BASE_URL: z.url().default('https://graph.microsoft.com'),
  /** A GraphQL operation running longer is answered with a German error (graphql/armor.ts). */
  GRAPHQL_TIME_LIMIT_MS: z.coerce.number().int().min(1).max(300_000).default(15_000),
  /** Behind a reverse proxy: trust its X-Forwarded-* headers (off: a client could forge host and protocol). */
  TRUST_PROXY: booleanFromEnv.default(false),
  /** Further hosts the web app may connect to (e.g. the analytics host of VITE_ANALYTICS_HOST), space-separated origins. */
  CSP_CONNECT_SRC: z.string().optional(),
  /** Sign-in and set-password attempts per client address and minute (brute-force protection; 429 above). */
  AUTH_ATTEMPTS_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  /** Sign-ups per client address and hour, and sign-up mails per e-mail address and hour. */
  SIGN_UPS_PER_HOUR: z.coerce.number().int().min(1).default(10),
  /** Uploads decompressed and parsed at once by one instance (besides one per client); more wait (503, Retry-After). */
  UPLOAD_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  /**
   * Domains with at least this many directory objects are evaluated in a worker thread, so the checks of a large
   * domain (seconds of CPU) never hold up the requests of other tenants; smaller ones run inline (a worker costs
   * ~1 s to start). 0 = always in a worker.
   */
  EVALUATION_WORKER_MIN_OBJECTS: z.coerce.number().int().min(0).default(50_000),
  /** Heap limit of an evaluation worker (MB): a domain beyond it fails its job with a clear error instead of taking the server down. */
  EVALUATION_WORKER_MAX_HEAP_MB: z.coerce.number().int().min(256).max(65_536).default(4_096),
  /** The visual content editor: it frames pages in editor mode and serves the bridge script (VITE_CONTENT_BRIDGE_URL). */
  CONTENT_EDITOR_ORIGIN: z.url().transform((url) => new URL(url).origin).default('https://app.storyblok.com'),
  /** When every connected client's Entra ID is collected again (cron, UTC); "Jetzt neu auswerten" collects at once. */
  ENTRA_COLLECTION_CRON: z.string().min(9).default('0 */6 * * *'),
  /** Retention (jobs/retention.ts), run on RETENTION_CRON (UTC): the newest snapshots kept, besides one per month. */
  RETENTION_SNAPSHOTS: z.coerce.number().int().min(1).max(10_000).default(30),
  /** Changes and IoA events are kept this many whole months. */
  RETENTION_MONTHS: z.coerce.number().int().min(1).max(1_200).default(24),
  RETENTION_COLLECTOR_LOG_DAYS: z.coerce.number().int().min(1).max(36_500).default(90),
  RETENTION_CRON: z.string().min(9).default('15 2 * * *'),
  /** Error reporting is off without a DSN. */
  SENTRY_DSN: z.url().optional(),
  /**
   * Licence check of a self-hosted installation (APP_ENV=selfhosted): the Burgwall SaaS that issued the licence, the
   * installation's id and its licence key (shown once when the licence was created). All three or none; none = no
   * licence check (selfhosted/license-state.ts).
   */
  SELFHOSTED_LICENSE_SERVER_URL: z.url().optional(),
  SELFHOSTED_UUID: z.uuid().optional(),
  SELFHOSTED_LICENSE_KEY: z.string().regex(/^bwl_[A-Za-z0-9_-]{43}$/, 'must be the licence key bwl_… shown when the licence was created').optional(),
  /** When the installation calls heartbeat and validate (cron, UTC); it also checks once at every start. */
  SELFHOSTED_LICENSE_CRON: z.string().min(9).default('*/30 * * * *'),
  /** Days after the last successful validation during which writes still work when the licence server is unreachable. */
  SELFHOSTED_GRACE_DAYS: z.coerce.number().int().min(1).max(365).default(14),
}).superRefine((config, context) => {
  if (config.MIGRATION_CONCURRENCY >= config.DATABASE_POOL_SIZE) {
    context.addIssue({ code: 'custom', path: ['MIGRATION_CONCURRENCY'], message: `must be below DATABASE_POOL_SIZE (${config.DATABASE_POOL_SIZE}), which requests need too` });
  }
  const licence = ['SELFHOSTED_LICENSE_SERVER_URL', 'SELFHOSTED_UUID', 'SELFHOSTED_LICENSE_KEY'] as const;
  const licenceSet = licence.filter((name) => config[name]);
  if (licenceSet.length > 0 && licenceSet.length < 3) {
    for (const name of licence.filter((name) => !config[name])) context.addIssue({ code: 'custom', path: [name], message: 'required when any of SELFHOSTED_LICENSE_SERVER_URL, SELFHOSTED_UUID, SELFHOSTED_LICENSE_KEY is set' });
  }
  if (licenceSet.length > 0 && config.APP_ENV !== 'selfhosted') {
    context.addIssue({ code: 'custom', path: ['APP_ENV'], message: 'must be selfhosted when SELFHOSTED_LICENSE_SERVER_URL, SELFHOSTED_UUID and SELFHOSTED_LICENSE_KEY are set' });
  }
  const set = (['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'] as const).filter((name) => config[name]);
  if (set.length > 0 && set.length < 3) {
    const missing = (['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'] as const).filter((name) => !config[name]);
    for (const name of missing) {
      context.addIssue({ code: 'custom', path: [name], message: 'required when any OIDC_* variable is set' });
    }
  }
});

export type Config = Omit<z.infer<typeof configSchema>, 'APP_SECRET'> & { APP_SECRET: string };

export class ConfigError extends Error {}

/** Validates the environment; a bad value stops start-up with a message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = configSchema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration – ${problems.join('; ')}`);
  }
  return { ...result.data, APP_SECRET: resolveAppSecret(result.data) };
}

/**
 * The installation's APP_SECRET. The public development value works only with APP_ENV=dev: anyone who can read the
 * database could otherwise unseal the signing keys and forge an admin token. Without APP_SECRET, a single-machine
 * installation (embedded PostgreSQL, no DATABASE_URL) gets a random secret kept in DATA_DIR; APP_ENV=prod and
 * installations on an external database (possibly several instances, which must share one value) refuse to start.
 */
export function resolveAppSecret(config: Pick<z.infer<typeof configSchema>, 'APP_SECRET' | 'APP_ENV' | 'DATABASE_URL' | 'DATA_DIR'>): string {
  const development = config.APP_ENV === 'dev';
  if (config.APP_SECRET === DEVELOPMENT_SECRET && !development) {
    throw new ConfigError('Invalid configuration – APP_SECRET: the public development value is allowed only with APP_ENV=dev; set a random value of your own (e.g. openssl rand -base64 48)');
  }
  if (config.APP_SECRET) return config.APP_SECRET;
  if (development) return DEVELOPMENT_SECRET;
  if (config.APP_ENV === 'prod' || config.DATABASE_URL) {
    throw new ConfigError(
      `Invalid configuration – APP_SECRET: required with APP_ENV=${config.APP_ENV}${config.DATABASE_URL ? ' and an external DATABASE_URL' : ''}; set a random value of your own (e.g. openssl rand -base64 48), the same on every instance`,
    );
  }
  return installationSecret(config.DATA_DIR);
}

/** A random secret created on the first start of a single-machine installation, readable only by its owner. */
function installationSecret(dataDir: string): string {
  const file = path.join(dataDir, 'app-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  return secret;
}
