// Without zod, so the cookie banner's code in the web's first load does not carry the schemas.

/** The placeholder path of the consent log, literally as SPEC §7 names it. */
export const CONSENT_RECORD_PATH = '/your-endpoint-url';

/** The cookie categories of the banner (SPEC §3); 'necessary' is always accepted. */
export const CONSENT_CATEGORIES = ['necessary', 'functionality', 'analytics'] as const;
