import type * as SentryApi from '@sentry/react';
import { ERROR_REPORTING_LIMITS, isErrorReportingEnabled, isInternalUser, reportingIdentity } from '@burgwall/shared';
import { hasAnalyticsConsent, onConsentSentry } from '../consent/consent-events';
import { REPLAY_OPTIONS, webReportingOptions } from './web-reporting-options';

type SentryModule = typeof SentryApi;

export const reportingConfig = {
  dsn: import.meta.env.VITE_SENTRY_DSN as string | undefined,
  environment: (import.meta.env.VITE_APP_ENV as string | undefined) ?? (import.meta.env.DEV ? 'dev' : 'prod'),
  release: `burgwall-web@${(import.meta.env.VITE_BUILD_ID as string | undefined) ?? 'local'}`,
};

// The SDK (~270 KB) is its own chunk, fetched only where reporting is switched on (a DSN, not dev).
let sentry: Promise<SentryModule> | null = null;
let replay: ReturnType<SentryModule['replayIntegration']> | null = null;

/** Switches replay to match consent: full session with consent, otherwise buffer and keep only on error (SPEC §4). */
function applyConsent(consent: boolean): void {
  if (!replay) return;
  const recording = replay.getReplayId() !== undefined;
  if (recording) void replay.stop().then(() => (consent ? replay?.start() : replay?.startBuffering()));
  else if (consent) replay.start();
  else replay.startBuffering();
}

async function initSentry(): Promise<SentryModule> {
  const Sentry = await import('@sentry/react');
  replay = Sentry.replayIntegration(REPLAY_OPTIONS);
  Sentry.init({
    ...(webReportingOptions({ ...reportingConfig, consent: hasAnalyticsConsent() }) as SentryApi.BrowserOptions),
    integrations: [Sentry.browserTracingIntegration(), replay],
  });
  Sentry.setUser(reportingIdentity(null));
  onConsentSentry(applyConsent);
  return Sentry;
}

/** Starts @sentry/react unless there is no DSN or the environment is dev (SPEC §4). */
export function startWebErrorReporting(): boolean {
  if (sentry || !isErrorReportingEnabled({ dsn: reportingConfig.dsn, environment: reportingConfig.environment })) return false;
  sentry = initSentry();
  sentry.catch((error: unknown) => {
    console.error('Fehlerberichte konnten nicht starten', error);
    sentry = null;
  });
  return true;
}

/** Called when the session changes: identity, and off for internal users (SPEC §6). */
export function setReportingUser(user: { id?: string | null; email?: string | null } | null): void {
  const running = sentry;
  if (!running) return;
  if (isInternalUser(user?.email)) {
    sentry = null;
    void running.then((Sentry) => Sentry.close(ERROR_REPORTING_LIMITS.flushTimeoutMs));
    return;
  }
  void running.then((Sentry) => Sentry.setUser(reportingIdentity(user)));
}

/** Sign-out waits up to 2 s for pending events (SPEC §9). */
export function flushErrorReporting(): Promise<boolean> {
  return sentry ? sentry.then((Sentry) => Sentry.flush(ERROR_REPORTING_LIMITS.flushTimeoutMs)) : Promise.resolve(true);
}
