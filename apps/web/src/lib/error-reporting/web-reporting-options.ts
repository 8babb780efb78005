import { capSpans, createEventFilter, ERROR_REPORTING_LIMITS, replaySampleRates } from '@burgwall/shared';

export interface WebReportingSettings {
  dsn: string | undefined;
  environment: string;
  release: string;
  consent: boolean;
}

/** Options for Sentry.init (pure, so tests check them without starting the SDK). */
export function webReportingOptions({ dsn, environment, release, consent }: WebReportingSettings) {
  return {
    dsn,
    environment,
    release,
    maxBreadcrumbs: ERROR_REPORTING_LIMITS.maxBreadcrumbs,
    transportOptions: { bufferSize: ERROR_REPORTING_LIMITS.bufferSize },
    tracesSampleRate: 0.2,
    enableLogs: true,
    _flushInterval: ERROR_REPORTING_LIMITS.logFlushIdleMs,
    sendDefaultPii: false,
    beforeSend: createEventFilter(),
    beforeSendTransaction: capSpans,
    ...replaySampleRates(consent),
  };
}

/** Replay limits of SPEC §9. */
export const REPLAY_OPTIONS = {
  mutationBreadcrumbLimit: ERROR_REPORTING_LIMITS.mutationBreadcrumbLimit,
  mutationLimit: ERROR_REPORTING_LIMITS.mutationLimit,
  slowClickTimeout: ERROR_REPORTING_LIMITS.slowClickTimeoutMs,
  maskAllText: true,
  blockAllMedia: true,
} as const;
