/**
 * A browser state in which the visitor has already answered the cookie banner
 * (only necessary cookies), so tests about other screens are not covered by it.
 * The consent tests themselves start from an empty state.
 */
export function consentGivenState(host: string) {
  const now = new Date().toISOString();
  const value = {
    categories: ['necessary'],
    revision: 1,
    data: null,
    consentTimestamp: now,
    consentId: '6f1c2a8e-8d0b-4c53-9a57-2f0e1d3b4c5a',
    services: { necessary: [], functionality: [], analytics: [] },
    languageCode: 'de',
    lastConsentTimestamp: now,
    expirationTime: Date.now() + 182 * 24 * 3600 * 1000,
  };
  return {
    cookies: [
      {
        name: 'cc_cookie',
        value: encodeURIComponent(JSON.stringify(value)),
        domain: host,
        path: '/',
        expires: Math.floor(value.expirationTime / 1000),
        httpOnly: false,
        secure: false,
        sameSite: 'Lax' as const,
      },
    ],
    origins: [],
  };
}
