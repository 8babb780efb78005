import { capSpans, createEventFilter, ERROR_REPORTING_LIMITS, isErrorReportingEnabled } from '@burgwall/shared';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { VERSION } from '../version';

/** Sentry options of the server (pure, so that tests can check them without initialising the SDK). */
export function serverReportingOptions(config: Pick<Config, 'SENTRY_DSN' | 'APP_ENV'>) {
  return {
    dsn: config.SENTRY_DSN,
    environment: config.APP_ENV,
    release: `burgwall-server@${VERSION}`,
    maxBreadcrumbs: ERROR_REPORTING_LIMITS.maxBreadcrumbs,
    transportOptions: { bufferSize: ERROR_REPORTING_LIMITS.bufferSize },
    sendDefaultPii: false,
    beforeSend: createEventFilter(),
    beforeSendTransaction: capSpans,
  };
}

/**
 * Starts @sentry/node when a DSN is set and the environment is not dev.
 * The SDK is imported lazily: it is large and unused in most installations.
 */
export async function registerServerErrorReporting(app: FastifyInstance, config: Config): Promise<boolean> {
  if (!isErrorReportingEnabled({ dsn: config.SENTRY_DSN, environment: config.APP_ENV })) return false;
  const Sentry = await import('@sentry/node');
  Sentry.init(serverReportingOptions(config) as Parameters<typeof Sentry.init>[0]);
  Sentry.setupFastifyErrorHandler(app);
  app.addHook('onClose', async () => {
    await Sentry.flush(ERROR_REPORTING_LIMITS.flushTimeoutMs);
  });
  return true;
}
