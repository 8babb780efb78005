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
  DATA_DIR: z.string().min(1).default(path.join(REPO_ROOT, 'data')),
  EMBEDDED_POSTGRES_PORT: z.coerce.number().int().min(1).max(65_535).default(54_329),
  SEED_DEMO: booleanFromEnv.default(true),
  WEB_DIST: z.string().min(1).default(path.join(REPO_ROOT, 'apps/web/dist')),
  PUBLIC_URL: z.url().optional(),
  /** Encrypts secrets at rest; every instance of one installation needs the same value. */
  APP_SECRET: z.string().min(16, 'must be at least 16 characters').default(DEVELOPMENT_SECRET),
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
  /** Providers' own SMTP servers may be internal addresses (self-hosted installations with an internal mail relay). */
  SMTP_ALLOW_INTERNAL_HOSTS: booleanFromEnv.default(false),
  /** Billing through Stripe when both are set; otherwise the local ledger (webhook verified with STRIPE_WEBHOOK_SECRET). */
  STRIPE_SECRET_KEY: z.string().min(8).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(8).optional(),
  /** Entra ID token endpoint base: {ENTRA_AUTHORITY_URL}/{tenantId}/oauth2/v2.0/token. */
  ENTRA_AUTHORITY_URL: z.url().default('https://login.microsoftonline.com'),
  /** Microsoft Graph base for the admin Graph explorer: {GRAPH_BASE_URL}/{apiVersion}{url}. */
  GRAPH_BASE_URL: z.url().default('https://graph.microsoft.com'),
  /** Error reporting is off without a DSN. */
  SENTRY_DSN: z.url().optional(),
}).superRefine((config, context) => {
  const set = (['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'] as const).filter((name) => config[name]);
  if (set.length > 0 && set.length < 3) {
    const missing = (['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'] as const).filter((name) => !config[name]);
    for (const name of missing) {
      context.addIssue({ code: 'custom', path: [name], message: 'required when any OIDC_* variable is set' });
    }
  }
});

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {}

/** Validates the environment; a bad value stops start-up with a message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = configSchema.safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  throw new ConfigError(`Invalid configuration – ${problems.join('; ')}`);
}
