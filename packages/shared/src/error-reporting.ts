/**
 * Error-reporting rules shared by the web (@sentry/react) and the server
 * (@sentry/node): when it is on, the limits of SPEC §9, and the event filter
 * that drops duplicates, floods and known noise (SPEC §8).
 */

export const ERROR_REPORTING_LIMITS = {
  maxBreadcrumbs: 100,
  /** Events buffered by the transport while offline or sending. */
  bufferSize: 64,
  maxSpansPerTransaction: 1000,
  /** Logs are flushed after this much idle time. */
  logFlushIdleMs: 5000,
  mutationBreadcrumbLimit: 750,
  mutationLimit: 10_000,
  slowClickTimeoutMs: 7000,
  throttleEvents: 300,
  throttleWindowMs: 5000,
  /** How long sign-out waits for pending events. */
  flushTimeoutMs: 2000,
} as const;

/** E-mail domains of our own staff: their sessions are never reported (SPEC §6). */
export const INTERNAL_EMAIL_DOMAINS: readonly string[] = ['burgwall.de', 'burgwall.dev'];

export function isInternalUser(email: string | null | undefined, domains: readonly string[] = INTERNAL_EMAIL_DOMAINS): boolean {
  const domain = email?.trim().toLowerCase().split('@')[1];
  return !!domain && domains.some((internal) => domain === internal || domain.endsWith(`.${internal}`));
}

export interface ReportingSwitch {
  dsn: string | null | undefined;
  environment: string;
  userEmail?: string | null;
  internalDomains?: readonly string[];
}

/** Off without a DSN, in the dev environment and for internal users (SPEC §4, §6). */
export function isErrorReportingEnabled({ dsn, environment, userEmail, internalDomains }: ReportingSwitch): boolean {
  if (!dsn) return false;
  if (environment === 'dev') return false;
  return !isInternalUser(userEmail, internalDomains);
}

/** Replay sampling by consent (SPEC §4). */
export function replaySampleRates(consent: boolean): { replaysSessionSampleRate: number; replaysOnErrorSampleRate: number } {
  return consent
    ? { replaysSessionSampleRate: 1.0, replaysOnErrorSampleRate: 1.0 }
    : { replaysSessionSampleRate: 0, replaysOnErrorSampleRate: 1.0 };
}

export const ANONYMOUS_REPORTING_USER = { id: 'anonymous', email: 'anonymous@unknown' } as const;

/** The reporting identity: user id + e-mail, or placeholders when nobody is signed in (SPEC §4). */
export function reportingIdentity(user: { id?: string | null; email?: string | null } | null | undefined): { id: string; email: string } {
  if (!user?.id && !user?.email) return { ...ANONYMOUS_REPORTING_USER };
  return { id: user.id || ANONYMOUS_REPORTING_USER.id, email: user.email || ANONYMOUS_REPORTING_USER.email };
}

/**
 * Known noise: browser quirks, extensions, aborted navigations and auth expiry
 * that the app handles itself. Matched against the exception message.
 */
export const NOISE_PATTERNS: readonly RegExp[] = [
  /ResizeObserver loop (limit exceeded|completed with undelivered notifications)/i,
  /^Script error\.?$/i,
  /Non-Error promise rejection captured/i,
  /AbortError|The (user|operation) aborted a request/i,
  /Load failed$|Failed to fetch$|NetworkError when attempting to fetch resource/i,
  /Could not verify JWT: JWTExpired/,
  /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module/i,
  /^(chrome|moz|safari(-web)?)-extension:\/\//i,
];

/** The minimal event shape the filter reads (compatible with Sentry's ErrorEvent). */
export interface FilterableEvent {
  message?: string;
  exception?: { values?: Array<{ type?: string; value?: string; stacktrace?: { frames?: Array<{ filename?: string; function?: string; lineno?: number }> } }> };
}

function signature(event: FilterableEvent): string {
  const exception = event.exception?.values?.at(-1);
  const frame = exception?.stacktrace?.frames?.at(-1);
  return [exception?.type, exception?.value ?? event.message, frame?.filename, frame?.function, frame?.lineno].join('|');
}

function isNoise(event: FilterableEvent): boolean {
  const texts = [event.message, ...(event.exception?.values ?? []).map((value) => value.value)].filter(
    (text): text is string => typeof text === 'string',
  );
  const fromExtension = (event.exception?.values ?? []).some((value) =>
    (value.stacktrace?.frames ?? []).some((frame) => /^(chrome|moz|safari(-web)?)-extension:\/\//.test(frame.filename ?? '')),
  );
  return fromExtension || texts.some((text) => NOISE_PATTERNS.some((pattern) => pattern.test(text)));
}

export interface EventFilterOptions {
  /** An identical event within this window is a duplicate. */
  duplicateWindowMs?: number;
  now?: () => number;
}

/**
 * A stateful beforeSend: drops known noise, repeats of the same error within
 * the duplicate window, and everything beyond 300 events per 5 seconds.
 */
export function createEventFilter({ duplicateWindowMs = 60_000, now = Date.now }: EventFilterOptions = {}) {
  const lastSeen = new Map<string, number>();
  let sent: number[] = [];
  return function beforeSend<E extends FilterableEvent>(event: E): E | null {
    if (isNoise(event)) return null;
    const at = now();
    const key = signature(event);
    const previous = lastSeen.get(key);
    if (previous !== undefined && at - previous < duplicateWindowMs) return null;
    sent = sent.filter((time) => at - time < ERROR_REPORTING_LIMITS.throttleWindowMs);
    if (sent.length >= ERROR_REPORTING_LIMITS.throttleEvents) return null;
    sent.push(at);
    lastSeen.set(key, at);
    if (lastSeen.size > 500) lastSeen.delete(lastSeen.keys().next().value as string);
    return event;
  };
}

/** beforeSendTransaction: keeps at most 1000 spans per transaction (SPEC §9). */
export function capSpans<E extends { spans?: unknown[] }>(event: E): E {
  if (event.spans && event.spans.length > ERROR_REPORTING_LIMITS.maxSpansPerTransaction) {
    return { ...event, spans: event.spans.slice(0, ERROR_REPORTING_LIMITS.maxSpansPerTransaction) };
  }
  return event;
}
