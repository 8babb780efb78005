/**
 * The consent cookie (SPEC §3, §5, §9). vanilla-cookieconsent writes it; this
 * module states its rules so that a broken or outdated cookie is thrown away
 * before the banner starts (the banner then asks again).
 */
import { CONSENT_CATEGORIES } from '@burgwall/shared';

export const CONSENT_COOKIE_NAME = 'cc_cookie';
export const CONSENT_REVISION = 1;
export const CONSENT_COOKIE_DAYS = 182;
/** The banner's categories: those the consent log (POST /your-endpoint-url) accepts. */
export { CONSENT_CATEGORIES };
export type ConsentCategory = (typeof CONSENT_CATEGORIES)[number];

/** Whether a category name of the banner is one of CONSENT_CATEGORIES. */
export const isConsentCategory = (name: string): name is ConsentCategory => (CONSENT_CATEGORIES as readonly string[]).includes(name);

export interface ConsentCookie {
  categories: string[];
  services: Record<string, string[]>;
  revision: number;
  data: unknown;
  consentTimestamp: string;
  lastConsentTimestamp: string;
  consentId: string;
  languageCode: string;
  expirationTime: number;
}

const isTimestamp = (value: unknown): value is string => typeof value === 'string' && !Number.isNaN(Date.parse(value));

/** Invalid if consent id, timestamps or categories are missing, or the revision is not 1 (SPEC §5). */
export function isValidConsentCookie(value: unknown): value is ConsentCookie {
  if (typeof value !== 'object' || value === null) return false;
  const cookie = value as Partial<ConsentCookie>;
  return (
    typeof cookie.consentId === 'string' &&
    cookie.consentId.length > 0 &&
    isTimestamp(cookie.consentTimestamp) &&
    isTimestamp(cookie.lastConsentTimestamp) &&
    Array.isArray(cookie.categories) &&
    cookie.categories.every((category) => typeof category === 'string') &&
    cookie.revision === CONSENT_REVISION
  );
}

/** The raw cookie value from a `document.cookie` string, decoded and parsed; null if absent or unreadable. */
export function readConsentCookie(cookieHeader: string): unknown {
  const entry = cookieHeader
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${CONSENT_COOKIE_NAME}=`));
  if (!entry) return null;
  try {
    return JSON.parse(decodeURIComponent(entry.slice(CONSENT_COOKIE_NAME.length + 1)));
  } catch {
    return undefined;
  }
}

/**
 * The Secure flag: always on https. Plain http is only used on a developer's
 * machine or in the e2e run (http://127.0.0.1); there a Secure cookie would be
 * dropped by several browsers and the banner would come back on every page.
 */
export function consentCookieSecure(protocol: string): boolean {
  return protocol === 'https:';
}
