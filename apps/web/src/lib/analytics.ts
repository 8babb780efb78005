import { hasAnalyticsConsent } from './consent/consent-events';

/** Where events go (VITE_ANALYTICS_HOST, e.g. https://stats.example); no host, no analytics. */
export const analyticsHost = (import.meta.env.VITE_ANALYTICS_HOST as string | undefined)?.replace(/\/$/, '');

export interface AnalyticsEvent {
  name: string;
  url: string;
  referrer: string | null;
  props?: Record<string, string | number | boolean>;
}

export interface AnalyticsDeps {
  host: string | undefined;
  consent: () => boolean;
  send: (url: string, body: string) => void;
}

const defaultDeps: AnalyticsDeps = {
  host: analyticsHost,
  consent: hasAnalyticsConsent,
  send: (url, body) => {
    void fetch(url, { method: 'POST', body, keepalive: true, headers: { 'content-type': 'application/json' } }).catch(
      () => undefined,
    );
  },
};

/** Sends an event only with a configured host and analytics ('Statistik') consent (SPEC §7 Other). */
export function trackEvent(
  name: string,
  props?: AnalyticsEvent['props'],
  deps: AnalyticsDeps = defaultDeps,
  location: Pick<Location, 'href'> = window.location,
): boolean {
  if (!deps.host || !deps.consent()) return false;
  const event: AnalyticsEvent = { name, url: location.href, referrer: document.referrer || null, props };
  deps.send(`${deps.host}/api/event`, JSON.stringify(event));
  return true;
}

/** The product events (issue 19: sign-in, client created, installer and report downloaded, exception added). */
export const ANALYTICS_EVENTS = {
  signIn: 'Anmeldung',
  clientCreated: 'Kunde angelegt',
  installerDownloaded: 'Installer heruntergeladen',
  reportDownloaded: 'Bericht heruntergeladen',
  exceptionAdded: 'Ausnahme hinzugefügt',
} as const;

const SIGN_IN_MARK = 'burgwall.analytics.signed-in';

/** One sign-in event per browser tab and user (a reload of a signed-in page is no new sign-in). */
export function trackSignIn(userId: string, storage: Pick<Storage, 'getItem' | 'setItem'> = sessionStorage, deps: AnalyticsDeps = defaultDeps): boolean {
  if (storage.getItem(SIGN_IN_MARK) === userId) return false;
  const sent = trackEvent(ANALYTICS_EVENTS.signIn, undefined, deps);
  if (sent) storage.setItem(SIGN_IN_MARK, userId);
  return sent;
}

let lastPath: string | null = null;

/** A page view per distinct path (query changes do not count). */
export function trackPageView(pathname: string, deps: AnalyticsDeps = defaultDeps): boolean {
  if (pathname === lastPath) return false;
  const sent = trackEvent('pageview', undefined, deps);
  if (sent) lastPath = pathname;
  return sent;
}
