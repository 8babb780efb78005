import { trackPageView } from '../lib/analytics';
import { watchForNewBuilds } from '../lib/build-info/new-build-watcher';
import { onConsentSentry } from '../lib/consent/consent-events';
import { startConsent } from '../lib/consent/start-consent';
import { contentConfig } from '../features/content/content-service';
import { loadEditorBridge } from '../features/content/editor-bridge';
import { startWebErrorReporting } from '../lib/error-reporting/web-error-reporting';
import { router } from './router';

/**
 * Page-wide services outside React: error reporting first (so it sees start-up
 * errors), then the cookie banner, the editor bridge, analytics and the
 * new-build watcher.
 */
export function startSiteServices(): void {
  startWebErrorReporting();
  void startConsent().catch((error: unknown) => console.error('Cookie-Banner konnte nicht starten', error));
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
