import { trackPageView, trackSignIn } from '../lib/analytics';
import { watchForNewBuilds } from '../lib/build-info/new-build-watcher';
import { onConsentSentry } from '../lib/consent/consent-events';
import { contentConfig } from '../features/content/content-config';
import { loadEditorBridge } from '../features/content/editor-bridge';
import { setReportingUser, startWebErrorReporting } from '../lib/error-reporting/web-error-reporting';
import { getSession, onSessionChange } from '../lib/auth/session';
import { router } from './router';

/**
 * Page-wide services outside React: error reporting first (so it sees start-up
 * errors), then the cookie banner, the editor bridge, analytics and the
 * new-build watcher.
 */
export function startSiteServices(): void {
  startWebErrorReporting();
  // SPEC §4/§6: reports carry the signed-in user (placeholders without one); internal users switch reporting off.
  onSessionChange(() => {
    const user = getSession().data?.user ?? null;
    setReportingUser(user);
    if (user) trackSignIn(user.id);
  });
  // The banner (and its CSS) is its own chunk: it appears right after the page, never delays it.
  void import('../lib/consent/start-consent')
    .then(({ startConsent }) => startConsent())
    .catch((error: unknown) => console.error('Cookie-Banner konnte nicht starten', error));
  loadEditorBridge(window.location.search, contentConfig.bridgeUrl);
  // Page views only after consent; the first one is sent as soon as analytics is accepted.
  onConsentSentry((accepted) => {
    if (accepted) trackPageView(window.location.pathname);
  });
  router.subscribe((state) => {
    if (state.navigation.state === 'idle') trackPageView(state.location.pathname);
  });
  watchForNewBuilds(import.meta.env.PROD ? (import.meta.env.VITE_BUILD_ID as string | undefined) : undefined);
}
