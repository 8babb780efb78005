import { scheduleAlertJobs } from './alerts/alert-jobs';
import { scheduleReportJobs } from './report-schedules/report-schedule-jobs';
import { randomUUID } from 'node:crypto';
import { useGermanValidationMessages } from '@burgwall/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { registerIdentity } from './auth/register-identity';
import { registerGraphql } from './graphql/register-graphql';
import { ENTRA_COLLECT_ALL_JOB } from './entra/entra-collection-job';
import { startEvaluationRecovery } from './ioe/evaluation-jobs';
import { RETENTION_ALL_JOB } from './jobs/retention';
import { LEDGER_RENEWAL_CRON, LEDGER_RENEWAL_JOB } from './billing/ledger-renewal-job';
import { logRedaction } from './observability/log-redaction';
import { registerRateLimit } from './http/rate-limit/register-rate-limit';
import { registerSecurityHeaders } from './http/security-headers';
import { registerCompression } from './http/compression';
import { registerOpenApi } from './http/openapi';
import { registerServerErrorReporting } from './observability/error-reporting';
import { registerProblemHandlers } from './http/problem';
import { registerRoutes } from './routes';
import { recordRoutes } from './route-table';
import type { Services } from './services';
import { decorateTenantRequests } from './tenancy/tenant-scope';
import { registerWebApp } from './web-app';
import { registerReadOnlyGuard } from './selfhosted/read-only-guard';
import { scheduleLicenseCheck } from './selfhosted/license-check';

export interface BuildAppOptions {
  /** Where the log goes (tests capture it); default stdout. */
  logStream?: NodeJS.WritableStream;
}

export async function buildApp(services: Services, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const { config } = services;
  useGermanValidationMessages();
  const app = Fastify({
    logger: config.LOG_LEVEL === 'silent' ? false : { level: config.LOG_LEVEL, ...logRedaction, ...(options.logStream ? { stream: options.logStream } : {}) },
    // A request id in every log line and in every 5xx answer, so support can find the cause.
    genReqId: () => randomUUID(),
    routerOptions: { ignoreTrailingSlash: true },
    // X-Forwarded-For/-Proto/-Host only from a configured reverse proxy; otherwise any client could forge them.
    trustProxy: config.TRUST_PROXY,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerProblemHandlers(app);

  app.decorateRequest('principal', null);
  decorateTenantRequests(app);
  // First, so the route table (tenant-isolation and contract tests) sees every route registered below.
  recordRoutes(app);
  // A self-hosted installation with an expired or unverified licence refuses writes (a root hook reaches every route).
  registerReadOnlyGuard(app, services);
  // Job workers run while the app serves; stopping the app stops them (tests drop their database afterwards).
  app.addHook('onReady', async () => {
    await services.jobs.start();
    await services.jobs.schedule(ENTRA_COLLECT_ALL_JOB, config.ENTRA_COLLECTION_CRON);
    await startEvaluationRecovery(services.jobs);
    await scheduleAlertJobs(services);
    await scheduleReportJobs(services);
    await services.jobs.schedule(RETENTION_ALL_JOB, config.RETENTION_CRON);
    await services.jobs.schedule(LEDGER_RENEWAL_JOB, LEDGER_RENEWAL_CRON);
    await scheduleLicenseCheck(services.jobs, config);
  });
  app.addHook('onClose', async () => services.jobs.stop());
  await registerSecurityHeaders(app, config);
  await registerRateLimit(app, services.db);
  await registerOpenApi(app);
  // Before the routes, so that errors of every route reach error reporting (when a DSN is configured).
  await registerServerErrorReporting(app, config);

  // Before the routes: its onRequest hook (browser navigations get the web app) must also reach the routes of the
  // tenant scopes, and a hook added after a scope plugin was registered would not.
  await registerWebApp(app, config.WEB_DIST);
  // After the web app (its build files come compressed at build time; those under 1 KB have no copy and stay as they
  // are), before the API's routes: the plugin adds its hook to the routes registered after it.
  await registerCompression(app);

  await registerIdentity(app, services);
  registerGraphql(app, services);
  await registerRoutes(app, services);
  return app;
}
