import type { ConsentRecordBody } from '@burgwall/shared';
import 'vanilla-cookieconsent/dist/cookieconsent.css';
import './consent-theme.css';
import * as CookieConsent from 'vanilla-cookieconsent';
import { isBot } from '../../components/is-bot';
import { consentConfig } from './consent-config';
import { CONSENT_COOKIE_NAME, isConsentCategory, isValidConsentCookie, readConsentCookie } from './consent-cookie';
import { emitConsentSentry } from './consent-events';
import { sendConsentRecord } from './consent-record';

function emitAnalyticsState(): void {
  emitConsentSentry(CookieConsent.acceptedCategory('analytics'));
}

function recordDecision(): void {
  const preferences = CookieConsent.getUserPreferences();
  void sendConsentRecord({
    consentId: CookieConsent.getCookie('consentId'),
    acceptType: preferences.acceptType as ConsentRecordBody['acceptType'],
    acceptedCategories: preferences.acceptedCategories.filter(isConsentCategory),
    rejectedCategories: preferences.rejectedCategories.filter(isConsentCategory),
  });
}

/** Drops a cookie that breaks the SPEC §5 rules, so that the banner asks again. */
function discardInvalidCookie(): void {
  const value = readConsentCookie(document.cookie);
  if (value !== null && !isValidConsentCookie(value)) {
    document.cookie = `${CONSENT_COOKIE_NAME}=; path=/; max-age=0; SameSite=Lax`;
  }
}

/** Starts the cookie banner once per page load (not for bots). */
export async function startConsent(userAgent = navigator.userAgent): Promise<void> {
  if (isBot(userAgent)) return;
  discardInvalidCookie();
  await CookieConsent.run(
    consentConfig({
      // Every page load with a valid consent tells the app the current analytics state.
      onConsent: emitAnalyticsState,
      onFirstConsent: recordDecision,
      onChange: () => {
        recordDecision();
        emitAnalyticsState();
      },
    }),
  );
}

/** For the footer link "Cookie-Einstellungen". */
export function showConsentPreferences(): void {
  CookieConsent.showPreferences();
}
