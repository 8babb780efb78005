import type { CookieConsentConfig } from 'vanilla-cookieconsent';
import {
  CONSENT_COOKIE_DAYS,
  CONSENT_COOKIE_NAME,
  CONSENT_REVISION,
  consentCookieSecure,
} from './consent-cookie';

export const PRIVACY_PATH = '/datenschutz';
export const IMPRINT_PATH = '/impressum';

/** The German texts of the banner and the preferences modal (SPEC §2 wording). */
export const consentTranslationDe = {
  consentModal: {
    title: 'Hinweis zu Cookies und Diensten',
    description:
      'Wir verwenden notwendige Cookies, damit Burgwall funktioniert. Mit Ihrer Einwilligung nutzen wir zusätzlich funktionale Dienste und Statistik (Reichweitenmessung, Fehlerberichte), um das Produkt zu verbessern. Sie können Ihre Auswahl jederzeit ändern.',
    acceptAllBtn: 'Alle akzeptieren',
    acceptNecessaryBtn: 'Alle ablehnen',
    showPreferencesBtn: 'Einstellungen verwalten',
    footer: `<a href="${PRIVACY_PATH}">Datenschutzerklärung</a><a href="${IMPRINT_PATH}">Impressum</a>`,
  },
  preferencesModal: {
    title: 'Präferenzen für die Zustimmung',
    acceptAllBtn: 'Alle akzeptieren',
    acceptNecessaryBtn: 'Alle ablehnen',
    savePreferencesBtn: 'Einstellungen speichern',
    closeIconLabel: 'Schließen',
    sections: [
      {
        title: 'Ihre Privatsphäre',
        description: `Hier legen Sie fest, welche Cookies und Dienste Burgwall verwenden darf. Details finden Sie in der <a href="${PRIVACY_PATH}">Datenschutzerklärung</a>.`,
      },
      {
        title: 'Notwendige Cookies <span class="pm__badge">Immer Aktiviert</span>',
        description: 'Für Anmeldung, Sitzung und das Speichern dieser Auswahl. Ohne sie funktioniert die Anwendung nicht.',
        linkedCategory: 'necessary',
      },
      {
        title: 'Funktionale Cookies',
        description: 'Merken sich Komfort-Einstellungen wie Ansichten und Filter über die Sitzung hinaus.',
        linkedCategory: 'functionality',
      },
      {
        title: 'Statistik',
        description:
          'Anonyme Reichweitenmessung und Fehlerberichte mit Sitzungsaufzeichnung, damit wir Probleme schneller finden und beheben.',
        linkedCategory: 'analytics',
      },
      {
        title: 'Weitere Informationen',
        description: `Fragen zu unseren Cookies? Schreiben Sie uns über die im <a href="${IMPRINT_PATH}">Impressum</a> genannten Kontaktdaten.`,
      },
    ],
  },
};

export type ConsentHandlers = Pick<CookieConsentConfig, 'onFirstConsent' | 'onConsent' | 'onChange'>;

/** The vanilla-cookieconsent configuration (SPEC §2, §3, §9). */
export function consentConfig(handlers: ConsentHandlers, protocol = window.location.protocol): CookieConsentConfig {
  return {
    revision: CONSENT_REVISION,
    // The library's bot check reads navigator.webdriver, which also hides the banner from
    // Playwright; bots are recognised by user agent instead (see startConsent).
    hideFromBots: false,
    disablePageInteraction: false,
    cookie: {
      name: CONSENT_COOKIE_NAME,
      path: '/',
      sameSite: 'Lax',
      secure: consentCookieSecure(protocol),
      expiresAfterDays: CONSENT_COOKIE_DAYS,
    },
    guiOptions: {
      consentModal: { layout: 'bar', position: 'bottom', equalWeightButtons: true, flipButtons: false },
      preferencesModal: { layout: 'bar wide', position: 'right', equalWeightButtons: true, flipButtons: false },
    },
    categories: {
      necessary: { enabled: true, readOnly: true },
      functionality: {},
      analytics: {},
    },
    language: {
      default: 'de',
      autoDetect: 'browser',
      translations: { de: consentTranslationDe },
    },
    ...handlers,
  };
}
