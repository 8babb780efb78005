/**
 * The internal consent events (SPEC §4): 'consent:sentry' carries whether the
 * visitor accepted analytics (statistics, error replay) – true or false.
 */
type Listener = (accepted: boolean) => void;

const listeners = new Set<Listener>();
let analyticsAccepted = false;

export const CONSENT_SENTRY_EVENT = 'consent:sentry';

export function emitConsentSentry(accepted: boolean): void {
  analyticsAccepted = accepted;
  for (const listener of listeners) listener(accepted);
}

export function onConsentSentry(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The last emitted state (false until the visitor decided). */
export function hasAnalyticsConsent(): boolean {
  return analyticsAccepted;
}
